export const categories = {
  title: 'categories',
}
