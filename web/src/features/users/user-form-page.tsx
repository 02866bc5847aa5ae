/* Placeholder: replaced by the feature's real screens. */
export function UserCreatePage() {
  return <p>UserCreatePage</p>
}
export function UserEditPage() {
  return <p>UserEditPage</p>
}
