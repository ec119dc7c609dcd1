// Probe Details opened from "+N more" starts at Current Events (docs/screens.md (Probe Details modal)). The content
// above it still grows after opening (the history chart is loaded on first use and is ~250 px taller than its
// loader), which would push the section back out of view: it is aligned again at each resize until the user takes
// over the scrolling.
import { useEffect, type RefObject } from 'react';

/** What tells that the user moves through the dialog themselves: from then on it is left where they put it. */
const userTakesOver = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * While `active`, scrolls `target` to the top of the dialog it sits in, below the dialog's sticky header, and keeps
 * it there as the content resizes, until the user scrolls, touches, clicks or presses a key in the dialog.
 */
export function useKeptInView(target: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = target.current;
    const content = element?.parentElement;
    if (!active || !element || !content) return;
    const dialog = element.closest<HTMLElement>('[role="dialog"]') ?? content;
    // The modal's header stays at the top of its scroller; the scroller's scroll padding (app/accessibility.css)
    // brings the section to rest just below it.
    const align = () => element.scrollIntoView({ block: 'start' });
    align();
    const observer = new ResizeObserver(align);
    observer.observe(content);
    const stop = () => {
      observer.disconnect();
      for (const type of userTakesOver) dialog.removeEventListener(type, stop, true);
    };
    for (const type of userTakesOver) dialog.addEventListener(type, stop, { capture: true, passive: true });
    return stop;
  }, [target, active]);
}
