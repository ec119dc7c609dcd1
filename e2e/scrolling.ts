// Scrolling the page as a user does, with the mouse wheel.
import type { Page } from '@playwright/test';

/**
 * Turns the wheel over the page and waits until the page has scrolled and come to rest. `page.mouse.wheel` returns
 * before the scroll is applied: a check made straight after it sees the old position, and the late scroll then moves
 * what the test went on to look at (a row just brought into view is scrolled out again by the turn before it).
 */
export async function wheelThePage(page: Page, deltaY: number): Promise<void> {
  const start = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, deltaY);
  await page.evaluate(
    ({ start, down }) =>
      new Promise<void>((resolve) => {
        // Moved, or already as far as it goes that way (then the turn moves nothing).
        const scrolled = () =>
          window.scrollY !== start ||
          (down ? window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1 : window.scrollY <= 0);
        const giveUp = performance.now() + 2_000;
        let last: number | undefined;
        const check = () => {
          if ((scrolled() && window.scrollY === last) || performance.now() > giveUp) return resolve();
          last = scrolled() ? window.scrollY : undefined;
          requestAnimationFrame(() => requestAnimationFrame(check));
        };
        requestAnimationFrame(check);
      }),
    { start, down: deltaY > 0 },
  );
}
