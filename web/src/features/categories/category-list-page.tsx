/* Placeholder: replaced by the feature's real screens. */
export function CategoryListPage() {
  return <p>CategoryListPage</p>
}
