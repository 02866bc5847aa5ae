export const products = {
  title: 'products',
}
