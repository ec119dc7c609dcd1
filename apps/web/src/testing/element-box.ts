// jsdom has no layout: every element is a 0×0 box at the viewport's corner. floating-ui's hide middleware (always on
// in Mantine's Popover and Menu) reads that as the target scrolled out of view and hides an open menu
// (display: none) as soon as it is first positioned, so its items were found only when a query beat that
// positioning, which a loaded machine lost. A box inside the viewport, as a browser gives the target, keeps the
// open menu shown; the viewport and the clipping ancestors (their client sizes, 0×0 in jsdom) get a browser
// window's size too. Call in beforeEach; vi.restoreAllMocks() undoes it.
import { vi } from 'vitest';

export function giveElementsABox() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 100, y: 100, width: 24, height: 24 }),
  );
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
}
