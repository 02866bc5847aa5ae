/* Placeholder: replaced by the feature's real screens. */
export function DashboardPage() {
  return <p>DashboardPage</p>
}
