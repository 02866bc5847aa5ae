/* Placeholder: replaced by the feature's real screens. */
export function OrderEditPage() {
  return <p>OrderEditPage</p>
}
