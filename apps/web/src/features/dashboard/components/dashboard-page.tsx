// Placeholder: replaced by the feature's real screen.
export function DashboardPage() {
  return <div>DashboardPage</div>;
}
