/* Placeholder: replaced by the feature's real screens. */
export function BrandCreatePage() {
  return <p>BrandCreatePage</p>
}
export function BrandEditPage() {
  return <p>BrandEditPage</p>
}
