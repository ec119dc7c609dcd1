import { nprogressStore } from '@mantine/nprogress';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStepProgress } from './use-step-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the About page loading bar', () => {
  it('advances 20% every 50 ms, then completes and hides', () => {
    renderHook(() => useStepProgress());
    const seen: number[] = [];
    for (let step = 0; step < 5; step += 1) {
      vi.advanceTimersByTime(50);
      seen.push(nprogressStore.getState().progress);
    }
    expect(seen).toEqual([20, 40, 60, 80, 100]);
    vi.advanceTimersByTime(300);
    expect(nprogressStore.getState().mounted).toBe(false);
  });
});
