// A hand-driven FrameScheduler (live/stores/frame-scheduler.ts) for tests: frames and tasks wait in the given lists until the
// test runs them, and the budget's clock reads what the test gives it (standing still unless told).
import type { FrameScheduler } from '../live/stores/frame-scheduler';

export function manualFrames({
  frames = [],
  tasks = [],
  elapsedMs = () => 0,
}: { frames?: (() => void)[]; tasks?: (() => void)[]; elapsedMs?: () => number } = {}) {
  const scheduler: FrameScheduler = {
    frame: (run) => frames.push(run),
    task: (run) => tasks.push(run),
    elapsedMs,
  };
  /** Runs frames (and those they ask for) until none is waiting. */
  const runFrames = () => {
    while (frames.length) frames.shift()!();
  };
  return { scheduler, frames, tasks, runFrames };
}
