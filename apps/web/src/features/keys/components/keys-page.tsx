// Placeholder: replaced by the feature's real screen.
export function KeysPage() {
  return <div>KeysPage</div>;
}
