// Preloaded by `node --import ./bench/longest-tasks.mjs --import tsx bench/probes-loop.bench.ts`: records every top-level
// callback (timers, immediates, I/O) and lists the longest of a window, each labelled by where it was scheduled.
// A task runs from its `before` to the next task's `before`, so its microtasks are included. Costs time itself.
import { createHook } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
const label = new Map();
const starts = [];
const names = [];
let depth = 0;
const where = () => {
  const lines = (new Error().stack ?? '')
    .split('\n')
    .slice(3)
    .filter((l) => !l.includes('node:') && !l.includes('async_hooks'));
  return lines
    .slice(0, 3)
    .map((l) =>
      l
        .trim()
        .replace(/^at /, '')
        .replace(/\(?\/work\/wt\/loop\//, '')
        .replace(/node_modules\//, 'nm/'),
    )
    .join(' < ');
};
createHook({
  init(id, type) {
    if (type === 'PROMISE') return;
    let l = type;
    if (type === 'Immediate' || type === 'Timeout') l = `${type} ${where()}`;
    label.set(id, l);
  },
  before(id) {
    const l = label.get(id);
    if (l === undefined) return;
    if (depth++ === 0) {
      starts.push(performance.now());
      names.push(l);
    }
  },
  after(id) {
    if (label.get(id) === undefined) return;
    depth--;
  },
  destroy(id) {
    label.delete(id);
  },
}).enable();

globalThis.longestTasks = (fromMs, toMs, top = 8) => {
  const rows = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    if (starts[i] < fromMs || starts[i] > toMs) continue;
    rows.push([starts[i + 1] - starts[i], names[i]]);
  }
  rows.sort((a, b) => b[0] - a[0]);
  console.log(
    rows
      .slice(0, top)
      .map(([ms, n]) => `${ms.toFixed(1)} ms  ${n}`)
      .map((l) => `    task ${l}`)
      .join('\n'),
  );
};
