// Something the page waits for, named for screen readers. Mantine's Loader is a bare span, and a name on a span
// with no role is prohibited ARIA (axe's aria-prohibited-attr, serious): as a progressbar without a value it is an
// indeterminate progress with its name (docs/operator-screen.md (Accessibility)).
import { Loader, type LoaderProps } from '@mantine/core';

export function LoadingIndicator({ label, ...props }: { label: string } & LoaderProps) {
  return <Loader role="progressbar" aria-label={label} {...props} />;
}
