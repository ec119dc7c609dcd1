// The live store under a hand-driven frame clock, for its unit tests (live/probe-store*.test.ts).
import type { LiveMessage } from '@bpm/protocol';
import { vi } from 'vitest';
import { makeProbe, type ProbeOverrides } from '../live/stores/probe-fixtures';
import { ProbeStore } from '../live/stores/probe-store';
import { manualFrames } from './manual-frames';

export function setupStore() {
  const frames: (() => void)[] = [];
  const log = { warn: vi.fn() };
  // A clock that stands still: no frame runs out of budget or takes long enough to tell its listeners apart.
  const store = new ProbeStore({ scheduler: manualFrames({ frames, elapsedMs: () => 0 }).scheduler, now: () => 0, log });
  const apply = (...messages: LiveMessage[]) => {
    for (const m of messages) store.enqueue(m);
    while (frames.length) frames.shift()!();
  };
  const ticks = (n: number) => {
    for (let i = 0; i < n; i++) store.advanceClock();
  };
  const codes = (id: string) => {
    const e = store.getEntry(id)!;
    return { current: [...e.lists.current.keys()].sort(), suppressed: [...e.lists.suppressed.keys()].sort() };
  };
  return { store, apply, ticks, frames, log, codes };
}
export const p = (id: string, o: ProbeOverrides = {}) => makeProbe(id, o);
