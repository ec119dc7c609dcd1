// How the live store spreads applying messages over frames (docs/architecture.md (State outside React)): the
// per-frame time and new-probe budgets, when a heavy frame tells its listeners in a task of its own, and the
// frame scheduler used in the browser.
import type { LiveMessage } from '@bpm/protocol';

export interface QueuedMessage {
  message: LiveMessage;
  /** The first probeData after a (re)connect replaces the whole state (docs/live-feed.md (Snapshot replaces state)). */
  isSnapshot: boolean;
  /** Items of message.probes already applied (a large message is applied across several frames). */
  next: number;
  /** For a snapshot sent in chunks: every probe ID of the whole snapshot. */
  keepIDs?: readonly string[];
  /** Called once the whole message has been applied (the live worker waits for it, worker-outbox.ts). */
  onApplied?: () => void;
}

/**
 * Main-thread time one frame may spend applying messages. The rest waits for the next frame, so a burst
 * (a snapshot, or messages queued while the tab was busy) never becomes one long task.
 */
export const frameBudgetMs = 8;
/** The budget is checked every this many items, which keeps small batches (and unit tests) in one frame. */
export const budgetCheckEvery = 256;
/**
 * At most this many probes new to the store are added per frame; the rest wait for the next frame, in order.
 * A new probe costs far more than an update (its entry, event lists and history ring, a row order that grows,
 * the young-generation GC of all that), so while a snapshot fills an empty store the time budget alone let a
 * frame add up to ~3,000 probes and run 20–31 ms of CPU with its render and paint
 * (docs/decisions/dashboard.md#new-probes-per-frame). One snapshot chunk (probesPerChunk, 250) fits, so the first rows come in one frame as before;
 * updates of known probes are not counted, so the steady state's frames are unchanged.
 */
export const newProbesPerFrame = 256;

/**
 * A frame whose applying took at least this long tells its listeners in a task of its own, right after the frame's:
 * those listeners are React's re-render of every changed row, and the catch-up frames (a snapshot filling the store,
 * the updates that waited behind it) applied and re-rendered in one task were the sign-in's longest tasks, 22–31 ms
 * of CPU with the paint, which a loaded 2-core machine stretched past 50 ms (docs/decisions/dashboard.md#heavy-frames-notify-apart).
 * Split, each is about half. A frame that applied fewer than notifyApartMinProbes probes always tells at once: a
 * handful of probes is never worth a task of its own, and a GC pause in a small frame does not delay its rows.
 */
export const notifyApartAfterMs = 4;
export const notifyApartMinProbes = 100;

/** What one flush changed, told to the listeners at once. */
export interface FlushNotice {
  changed: Set<string>;
  membershipChanged: boolean;
  summaryChanged: boolean;
}

export function defaultScheduleFrame(flush: () => void): void {
  // rAF does not run in a hidden tab; the timeout keeps the queue bounded there.
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    flush();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  setTimeout(run, 250);
}
