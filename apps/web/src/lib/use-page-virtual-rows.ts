// A long list inside a page that scrolls as a whole (the window), rendering only the items near the screen
// (docs/decisions/alarms.md#virtualised-open-alarms): the open alarms, hundreds after an unattended night, re-render at every
// live change, and all of them at once kept the page's main thread busy for seconds.
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useLayoutEffect, useState } from 'react';

export interface PageVirtualRows {
  /** On the list's element: where it starts on the page. */
  listRef: (element: HTMLElement | null) => void;
  /** On each rendered item, with `data-index`: its measured height replaces the estimate. */
  measureRef: (element: Element | null) => void;
  items: VirtualItem[];
  /** Room for the items above and below those rendered, so the page keeps its full height. */
  spaceBefore: number;
  spaceAfter: number;
}

export function usePageVirtualRows(
  count: number,
  keyOf: (index: number) => number | string,
  estimateSize: number,
): PageVirtualRows {
  const [list, setList] = useState<HTMLElement | null>(null);
  const [listTop, setListTop] = useState(0);
  // The list's offset moves when what is above it changes height (a wrapped header, the stale banner): read after
  // every commit, not only when the list changes; setting it only on a change ends the chain.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (!list) return;
    const top = list.getBoundingClientRect().top + window.scrollY;
    if (top !== listTop) setListTop(top);
  });
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    getItemKey: keyOf,
    overscan: 6,
    scrollMargin: listTop,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    listRef: setList,
    measureRef: virtualizer.measureElement,
    items,
    spaceBefore: first ? first.start - listTop : 0,
    spaceAfter: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - listTop)) : 0,
  };
}
