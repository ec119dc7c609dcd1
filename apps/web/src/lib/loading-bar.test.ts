import { nprogressStore } from '@mantine/nprogress';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadingBar } from './loading-bar';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loadingBar', () => {
  it('stays at 100% for 300 ms after completing, then hides', () => {
    loadingBar.start();
    expect(nprogressStore.getState().mounted).toBe(true);
    loadingBar.complete();
    expect(nprogressStore.getState()).toMatchObject({ progress: 100, mounted: true });
    vi.advanceTimersByTime(299);
    expect(nprogressStore.getState().mounted).toBe(true);
    vi.advanceTimersByTime(1);
    expect(nprogressStore.getState()).toMatchObject({ progress: 0, mounted: false });
  });

  it('a new start cancels a pending hide', () => {
    loadingBar.complete();
    loadingBar.start();
    vi.advanceTimersByTime(300);
    expect(nprogressStore.getState().mounted).toBe(true);
    loadingBar.complete();
    vi.advanceTimersByTime(300);
  });
});
