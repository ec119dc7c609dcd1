import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pointerIdleMs, pointerLeaveGraceMs, usePointerHold } from './use-pointer-hold';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the pointer's hold on the rows", () => {
  it('holds on entering and lets go a moment after leaving, so that a hand can cross to the "show" button', () => {
    const { result } = renderHook(() => usePointerHold());
    act(() => result.current.onPointerOver(true));
    expect(result.current.pointerHeld).toBe(true);
    act(() => result.current.onPointerOver(false));
    act(() => vi.advanceTimersByTime(pointerLeaveGraceMs - 1));
    expect(result.current.pointerHeld).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.pointerHeld).toBe(false);
  });

  it('keeps holding when the pointer leaves the rows for the button within the grace', () => {
    const { result } = renderHook(() => usePointerHold());
    act(() => result.current.onPointerOver(true));
    act(() => result.current.onPointerOver(false));
    act(() => vi.advanceTimersByTime(pointerLeaveGraceMs / 2));
    act(() => result.current.onPointerOver(true));
    act(() => vi.advanceTimersByTime(pointerLeaveGraceMs * 2));
    expect(result.current.pointerHeld).toBe(true);
  });

  it('lets go of a pointer left still, and at once on release', () => {
    const { result } = renderHook(() => usePointerHold());
    act(() => result.current.onPointerOver(true));
    act(() => vi.advanceTimersByTime(pointerIdleMs));
    expect(result.current.pointerHeld).toBe(false);
    act(() => result.current.onPointerOver(true));
    act(() => result.current.release());
    expect(result.current.pointerHeld).toBe(false);
    // The idle timer of the last move does not come back to hold it.
    act(() => vi.advanceTimersByTime(pointerIdleMs));
    expect(result.current.pointerHeld).toBe(false);
  });
});
