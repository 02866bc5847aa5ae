/* Placeholder: replaced by the feature's real screens. */
export function ProductListPage() {
  return <p>ProductListPage</p>
}
