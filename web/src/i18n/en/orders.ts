export const orders = {
  title: 'orders',
}
