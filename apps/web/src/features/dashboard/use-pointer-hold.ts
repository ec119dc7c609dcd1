// The pointer's part of the rows' hold (docs/operator-screen.md "Rows that hold still"): held while the pointer is
// over the probes (or the "N new Critical — show" button) and has moved in the last pointerIdleMs, so a pointer left
// there (after Login) does not freeze them. Leaving lets go after pointerLeaveGraceMs: a hand on its way from a row to
// the button crosses the gap between them, and an immediate re-sort would take the button away under it.
import { useCallback, useEffect, useRef, useState } from 'react';

export const pointerIdleMs = 5000;
export const pointerLeaveGraceMs = 400;

export interface PointerHold {
  pointerHeld: boolean;
  /** Enter and every move (a timer reset and a ref check, no render) pass true; leave passes false. */
  onPointerOver: (over: boolean) => void;
  /** Lets go at once ("show"). */
  release: () => void;
}

export function usePointerHold(): PointerHold {
  const [pointerHeld, setPointerHeld] = useState(false);
  const heldRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const set = useCallback((held: boolean) => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (heldRef.current === held) return;
    heldRef.current = held;
    setPointerHeld(held);
  }, []);
  const onPointerOver = useCallback(
    (over: boolean) => {
      if (!over && !heldRef.current) return;
      set(true); // clears the last timer (no render when already held)
      timer.current = setTimeout(() => set(false), over ? pointerIdleMs : pointerLeaveGraceMs);
    },
    [set],
  );
  const release = useCallback(() => set(false), [set]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return { pointerHeld, onPointerOver, release };
}

/** The pointer events of an element that holds the rows while pointed at (the rows, the cards, the "show" button). */
export function pointerHoldEvents(onPointerOver: (over: boolean) => void) {
  return {
    onPointerEnter: () => onPointerOver(true),
    onPointerMove: () => onPointerOver(true),
    onPointerLeave: () => onPointerOver(false),
  };
}
