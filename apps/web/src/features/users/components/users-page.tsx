// Placeholder: replaced by the feature's real screen.
export function UsersPage() {
  return <div>UsersPage</div>;
}
