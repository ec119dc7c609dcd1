// Placeholder: replaced by the feature's real screen.
export function RolesPage() {
  return <div>RolesPage</div>;
}
