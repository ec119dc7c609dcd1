// Placeholder: replaced by the feature's real screen.
export function NotFoundPage() {
  return <div>NotFoundPage</div>;
}
