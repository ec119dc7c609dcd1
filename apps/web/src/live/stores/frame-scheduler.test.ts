// The browser's frame scheduler (frame-scheduler.ts): frames by animation frame while the page is visible, by a timer
// while it is hidden, and a frame asked for just before the page was hidden still runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserFrameScheduler, hiddenTabFrameMs } from './frame-scheduler';

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('createBrowserFrameScheduler', () => {
  /** The animation frames asked for; a hidden page's never come. */
  let animationFrames: FrameRequestCallback[] = [];
  const nextAnimationFrame = () => {
    const due = animationFrames;
    animationFrames = [];
    for (const callback of due) callback(performance.now());
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    animationFrames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => animationFrames.push(callback));
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setVisibility('visible');
  });

  it('runs a frame at the next animation frame while the page is visible, once', () => {
    const scheduler = createBrowserFrameScheduler();
    const run = vi.fn();
    scheduler.frame(run);
    vi.advanceTimersByTime(hiddenTabFrameMs * 2);
    expect(run).not.toHaveBeenCalled();
    nextAnimationFrame();
    expect(run).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    vi.advanceTimersByTime(hiddenTabFrameMs * 2);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('in a hidden page, runs a frame after hiddenTabFrameMs, and a frame asked for before it was hidden too', () => {
    const scheduler = createBrowserFrameScheduler();
    const before = vi.fn();
    scheduler.frame(before);
    setVisibility('hidden');
    const after = vi.fn();
    scheduler.frame(after);
    vi.advanceTimersByTime(hiddenTabFrameMs - 1);
    expect([before.mock.calls.length, after.mock.calls.length]).toEqual([0, 0]);
    vi.advanceTimersByTime(1);
    expect([before.mock.calls.length, after.mock.calls.length]).toEqual([1, 1]);
    // The animation frame of the first, when the page is shown again, does not run it twice.
    setVisibility('visible');
    nextAnimationFrame();
    expect(before).toHaveBeenCalledTimes(1);
  });

  it('runs tasks in the order they were asked for, each once, a failing one not stopping the next', async () => {
    vi.useRealTimers();
    const scheduler = createBrowserFrameScheduler();
    const ran: string[] = [];
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    try {
      scheduler.task(() => ran.push('a'));
      scheduler.task(() => {
        ran.push('b');
        throw new Error('task failed');
      });
      scheduler.task(() => {
        ran.push('c');
        scheduler.task(() => ran.push('d'));
      });
      await vi.waitFor(() => expect(ran).toEqual(['a', 'b', 'c', 'd']));
      expect(errors).toEqual([new Error('task failed')]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});
