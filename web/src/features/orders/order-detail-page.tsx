/* Placeholder: replaced by the feature's real screens. */
export function OrderDetailPage() {
  return <p>OrderDetailPage</p>
}
