export const account = {
  title: 'account',
}
