/* Placeholder: replaced by the feature's real screens. */
export function CategoryCreatePage() {
  return <p>CategoryCreatePage</p>
}
export function CategoryEditPage() {
  return <p>CategoryEditPage</p>
}
