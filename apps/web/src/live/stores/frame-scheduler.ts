// The page's one scheduler for the live feed (docs/architecture.md (One probe report, end to end)): the probe store
// applies what the socket brought once per frame, and tells its listeners after a heavy frame in a task of its own.
// Injected, so tests run the store's own code on a hand-driven scheduler (testing/manual-frames.ts).

export interface FrameScheduler {
  /** Runs `run` before the next paint. */
  frame(run: () => void): void;
  /** Runs `run` in a task of its own, soon (after the current one and before the next frame, as a rule). */
  task(run: () => void): void;
  /** Monotonic milliseconds: the per-frame budget is measured with it. */
  elapsedMs(): number;
}

/** How long a frame may wait in a hidden tab, where requestAnimationFrame does not run: the queue stays bounded. */
export const hiddenTabFrameMs = 250;

export const browserFrameScheduler: FrameScheduler = {
  frame(run) {
    let done = false;
    let animationFrame: number | null = null;
    // The one that fires first cancels the other: a timer left to fire did nothing but cost the page a task, ten a
    // second at 10,000 probes (docs/decisions/dashboard.md#one-paint-per-tick-not-kept).
    const once = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (animationFrame !== null) cancelAnimationFrame(animationFrame);
      run();
    };
    const timer = setTimeout(once, hiddenTabFrameMs);
    if (typeof requestAnimationFrame === 'function') animationFrame = requestAnimationFrame(once);
  },
  task(run) {
    // A MessageChannel message, without setTimeout's 4 ms clamp on nested timers.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
  },
  elapsedMs: () => performance.now(),
};
