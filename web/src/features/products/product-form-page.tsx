/* Placeholder: replaced by the feature's real screens. */
export function ProductCreatePage() {
  return <p>ProductCreatePage</p>
}
export function ProductEditPage() {
  return <p>ProductEditPage</p>
}
