/* Placeholder: replaced by the feature's real screens. */
export function LoginPage() {
  return <p>LoginPage</p>
}
