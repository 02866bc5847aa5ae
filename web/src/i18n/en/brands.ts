export const brands = {
  title: 'brands',
}
