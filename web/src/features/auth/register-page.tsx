/* Placeholder: replaced by the feature's real screens. */
export function RegisterPage() {
  return <p>RegisterPage</p>
}
