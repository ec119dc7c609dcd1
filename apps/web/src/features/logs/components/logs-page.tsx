// Placeholder: replaced by the feature's real screen.
export function LogsPage() {
  return <div>LogsPage</div>;
}
