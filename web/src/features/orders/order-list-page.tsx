/* Placeholder: replaced by the feature's real screens. */
export function OrderListPage() {
  return <p>OrderListPage</p>
}
