// Placeholder: replaced by the feature's real screen.
export function LoginPage() {
  return <div>LoginPage</div>;
}
