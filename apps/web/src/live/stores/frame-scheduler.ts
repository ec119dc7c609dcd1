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

/**
 * Frames by requestAnimationFrame while the page is visible, by a hiddenTabFrameMs timer while it is hidden; a frame
 * asked for before the page was hidden gets its timer then. A timer beside every animation frame (the first fired
 * cancelled the other) cost the dashboard ~2.5 ms of CPU a second at 10,000 probes, twenty calls a second
 * (docs/decisions/dashboard.md#frames-without-a-spare-timer).
 */
export function createBrowserFrameScheduler(): FrameScheduler {
  /** Runs waiting for an animation frame, each run once (by the frame, or by its timer once the page is hidden). */
  const waiting = new Set<() => void>();
  const isHidden = () => typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden';
  document.addEventListener('visibilitychange', () => {
    if (!isHidden()) return;
    for (const once of waiting) setTimeout(once, hiddenTabFrameMs);
    waiting.clear();
  });
  // One channel for every task, its runs in order: a channel each cost its creation and closing.
  let channel: MessageChannel | null = null;
  let tasks: (() => void)[] = [];
  const runTasks = () => {
    const due = tasks;
    tasks = [];
    for (const run of due) {
      try {
        run();
      } catch (error) {
        // Reported as an uncaught error, as a task of its own would have been; the next runs still run.
        reportError(error);
      }
    }
  };
  return {
    frame(run) {
      if (isHidden()) {
        setTimeout(run, hiddenTabFrameMs);
        return;
      }
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        waiting.delete(once);
        run();
      };
      waiting.add(once);
      requestAnimationFrame(once);
    },
    task(run) {
      // A MessageChannel message, without setTimeout's 4 ms clamp on nested timers.
      if (channel === null) {
        channel = new MessageChannel();
        channel.port1.onmessage = runTasks;
      }
      tasks.push(run);
      if (tasks.length === 1) channel.port2.postMessage(null);
    },
    elapsedMs: () => performance.now(),
  };
}

export const browserFrameScheduler: FrameScheduler = createBrowserFrameScheduler();
