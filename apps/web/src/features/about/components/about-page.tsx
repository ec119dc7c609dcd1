// Placeholder: replaced by the feature's real screen.
export function AboutPage() {
  return <div>AboutPage</div>;
}
