/* Placeholder: replaced by the feature's real screens. */
export function ReviewListPage() {
  return <p>ReviewListPage</p>
}
