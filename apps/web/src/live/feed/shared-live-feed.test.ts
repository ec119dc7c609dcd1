// The one live connection shared by the sign-in and the layout (shared-live-feed.ts): opened when the sign-in
// is answered, kept (not reopened) when the layout takes it, closed by the last holder or when nobody takes it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const live = vi.hoisted(() => ({ start: vi.fn(), stop: vi.fn() }));
vi.mock('./live-connection', () => ({
  startLiveConnection: () => {
    live.start();
    return live.stop;
  },
}));

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  live.start.mockClear();
  live.stop.mockClear();
});
afterEach(() => vi.useRealTimers());

const feed = () => import('./shared-live-feed');

describe('shared live feed', () => {
  it('opened at sign-in, the layout takes the same connection and closes it when it goes away', async () => {
    const { openLiveFeedEarly, holdLiveFeed, unheldLiveFeedCloseMs } = await feed();
    openLiveFeedEarly();
    expect(live.start).toHaveBeenCalledTimes(1);
    const release = holdLiveFeed();
    vi.advanceTimersByTime(unheldLiveFeedCloseMs * 2);
    expect(live.start).toHaveBeenCalledTimes(1);
    expect(live.stop).not.toHaveBeenCalled();
    release();
    expect(live.stop).toHaveBeenCalledTimes(1);
  });

  it('closes a connection opened at sign-in that no layout takes', async () => {
    const { openLiveFeedEarly, unheldLiveFeedCloseMs } = await feed();
    openLiveFeedEarly();
    vi.advanceTimersByTime(unheldLiveFeedCloseMs);
    expect(live.stop).toHaveBeenCalledTimes(1);
  });

  it('opens and closes with the layout alone, and again for the next one', async () => {
    const { holdLiveFeed } = await feed();
    const release = holdLiveFeed();
    release();
    release();
    expect(live.stop).toHaveBeenCalledTimes(1);
    holdLiveFeed();
    expect(live.start).toHaveBeenCalledTimes(2);
  });
});
