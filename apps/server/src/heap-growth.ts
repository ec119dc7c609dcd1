// How far V8 lets the old generation grow between major collections (docs/decisions/live-format.md#heap-growing-percent).
// The server's state is replaced all the time (every report makes a new probe record and new compact fields
// that live ~1 s, long enough to be promoted), so the old generation fills with garbage at a steady rate.
// V8's default lets it grow up to 4× the live heap before collecting: 66 MB live at 10,000 probes became a
// 305 MB heap and 410 MB RSS. Doubling at most kept it at 177 MB (RSS 274 MB); growing by half saved
// little more (174 MB) for more collections.
import { setFlagsFromString } from 'node:v8';

export const heapGrowingPercent = 100;

/** Unless node was started with its own --heap-growing-percent (NODE_OPTIONS cannot carry it). */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) return;
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
}
