export const dashboard = {
  title: 'dashboard',
}
