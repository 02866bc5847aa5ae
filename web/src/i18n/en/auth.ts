export const auth = {
  title: 'auth',
}
