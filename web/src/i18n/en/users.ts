export const users = {
  title: 'users',
}
