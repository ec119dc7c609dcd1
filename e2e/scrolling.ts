// Scrolling as a user does, with the mouse wheel.
import type { Locator, Page } from '@playwright/test';

/**
 * Turns the wheel where the mouse is and waits until what it scrolls (the window, or `scroller`, a scrolling element
 * under the mouse) has moved and come to rest. `page.mouse.wheel` returns before the scroll is applied: a check made
 * straight after it sees the old position, and the late scroll then moves what the test went on to look at (a row
 * just brought into view is scrolled out again by the turn before it).
 */
export async function turnTheWheel(page: Page, deltaY: number, scroller?: Locator): Promise<void> {
  const element = scroller ? await scroller.elementHandle() : null;
  const position = (target: Element | null) => (target ? target.scrollTop : window.scrollY);
  const start = await page.evaluate(position, element);
  await page.mouse.wheel(0, deltaY);
  await page.evaluate(
    ({ target, start, down }) =>
      new Promise<void>((resolve) => {
        const top = () => (target ? target.scrollTop : window.scrollY);
        const [height, viewport] = target
          ? [target.scrollHeight, target.clientHeight]
          : [document.documentElement.scrollHeight, window.innerHeight];
        // Moved, or already as far as it goes that way (then the turn moves nothing).
        const scrolled = () => top() !== start || (down ? top() + viewport >= height - 1 : top() <= 0);
        const giveUp = performance.now() + 2_000;
        let last: number | undefined;
        const check = () => {
          if ((scrolled() && top() === last) || performance.now() > giveUp) return resolve();
          last = scrolled() ? top() : undefined;
          requestAnimationFrame(() => requestAnimationFrame(check));
        };
        requestAnimationFrame(check);
      }),
    { target: element, start, down: deltaY > 0 },
  );
  await element?.dispose();
}
