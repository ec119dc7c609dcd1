// The pointer's part of the rows' hold (docs/operator-screen.md "Rows that hold still"): held while the pointer is
// over the probes and has moved in the last pointerIdleMs, so a pointer left there (after Login) does not freeze them.
import { useCallback, useEffect, useRef, useState } from 'react';

export const pointerIdleMs = 5000;

export function usePointerHold(): { pointerHeld: boolean; onPointerOver: (over: boolean) => void } {
  const [pointerHeld, setPointerHeld] = useState(false);
  const heldRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const set = useCallback((held: boolean) => {
    if (heldRef.current === held) return;
    heldRef.current = held;
    setPointerHeld(held);
  }, []);
  // Called on enter, on every move (a timer reset and a ref check, no render) and on leave.
  const onPointerOver = useCallback(
    (over: boolean) => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = over ? setTimeout(() => set(false), pointerIdleMs) : null;
      set(over);
    },
    [set],
  );
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return { pointerHeld, onPointerOver };
}
