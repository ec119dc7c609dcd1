// How far V8 lets the heap grow (docs/decisions/live-format.md#heap-growth).
// The server's state is replaced all the time (every report makes a new probe record and new compact fields
// that live ~1 s, long enough to be promoted), so the old generation fills with garbage at a steady rate.
// V8's default lets it grow up to 4× the live heap before collecting: 66 MB live at 10,000 probes became a
// 305 MB heap and 410 MB RSS. Doubling at most kept it at 177 MB (RSS 274 MB); growing by half saved
// little more (174 MB) for more collections.
import { setFlagsFromString } from 'node:v8';

export const heapGrowingPercent = 100;

/**
 * The young generation's bound, which V8 reads only as the process starts: the start commands carry it
 * (package.json's start and serve, the systemd unit in docs/deployment.md, e2e/server.ts). Node 24 sizes the
 * semi-space from the machine's memory (64 MB on a 24 GB host, 16 MB on Node 20): a 128 MB new space made most
 * of the RSS over 350 MB at 10,000 probes (docs/decisions/live-format.md#young-generation).
 */
export const youngGenerationFlag = '--max-semi-space-size=16';

/** Unless node was started with its own --heap-growing-percent (NODE_OPTIONS cannot carry it). */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) return;
  setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
}

/** A warning for the log when node was started without any --max-semi-space-size (on the command line or in NODE_OPTIONS). */
export function youngGenerationWarning(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): string | null {
  if ([...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => arg.startsWith('--max-semi-space-size'))) return null;
  return `node was started without ${youngGenerationFlag}: V8 sizes its young generation from the machine's memory (up to 128 MB on Node 24) (docs/deployment.md#runtime)`;
}
