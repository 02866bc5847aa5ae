export const reviews = {
  title: 'reviews',
}
