/* Placeholder: replaced by the feature's real screens. */
export function BrandListPage() {
  return <p>BrandListPage</p>
}
