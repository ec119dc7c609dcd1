// What sticks under the top bar on a page (docs/operator-screen.md "Accessibility"): the page tells the document its
// height, and the document's scroll padding (app/accessibility.css) keeps a control reached by keyboard from
// scrolling in behind it (WCAG 2.2, 2.4.11 Focus Not Obscured).
import { useEffect } from 'react';

const variable = '--bpm-sticky-below-header';

/** While mounted: `px` of the page's own sticky bars and headers stand under the top bar. One page at a time. */
export function useStickyBelowHeader(px: number): void {
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty(variable, `${Math.ceil(px)}px`);
    return () => {
      root.style.removeProperty(variable);
    };
  }, [px]);
}
