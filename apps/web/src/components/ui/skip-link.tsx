// A link for keyboard users to jump over a block (docs/operator-screen.md "Accessibility"): invisible until
// focused; moves focus to the element with the target id (which needs tabIndex -1).
import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

export function SkipLink({ targetId, children }: { targetId: string; children: string }) {
  const jump = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    // Focus, not only scroll: the next Tab continues from the target (the router must not see a navigation).
    event.preventDefault();
    target.focus();
  };
  return (
    <a href={`#${targetId}`} className={classes.skipLink} onClick={jump}>
      {children}
    </a>
  );
}
