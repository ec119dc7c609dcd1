// What the benches print their figures with: a sum or percentile of measured values, and the verdict beside a target.

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The p-th percentile (0–100) of values already sorted in ascending order, nearest rank; NaN when there are none. */
export function percentileOfSorted(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The p-th percentile (0–100) of the values, in any order. */
export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** "met", or "MISSED by …" with how far off it was. */
export function verdict(ok: boolean, missedBy: string): string {
  return ok ? 'met' : `MISSED by ${missedBy}`;
}

/** One figure beside its target, PASS or MISS first (bench/alternate.mjs picks these lines). */
export function line(name: string, value: number, unit: string, target: number, decimals = 1) {
  const ok = value <= target;
  const by = ok
    ? ''
    : ` — MISSED by ${(value - target).toFixed(decimals)} ${unit} (${target > 0 ? `${((value / target - 1) * 100).toFixed(0)} % over` : 'target 0'})`;
  console.log(
    `${ok ? 'PASS' : 'MISS'}  ${name.padEnd(44)} ${value.toFixed(decimals).padStart(8)} ${unit.padEnd(6)} target ≤ ${target} ${unit}${by}`,
  );
}
