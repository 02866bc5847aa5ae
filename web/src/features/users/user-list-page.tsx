/* Placeholder: replaced by the feature's real screens. */
export function UserListPage() {
  return <p>UserListPage</p>
}
