// Nanosecond timestamps for log entries: wall-clock based, unique and strictly increasing (docs/api.md (Logs)).
const originNs = BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint();
let lastNs = 0n;

/** Never returns a value at or below one already handed out, nor below `floor` (the newest stored entry). */
export function nextLogTs(floor = 0n): bigint {
  let ns = originNs + process.hrtime.bigint();
  if (ns <= lastNs) ns = lastNs + 1n;
  if (ns <= floor) ns = floor + 1n;
  lastNs = ns;
  return ns;
}

/** 19 digits until the year 2286, so text order is time order; padded in case a clock is set far back. */
export function formatLogTs(ns: bigint): string {
  return ns.toString().padStart(19, '0');
}
