// A bounded ring of recent temperatures per probe, for the Probe Details sparkline (beyond the spec).
// One Float32Array of 3 × capacity per probe (time, internal, external): ~1 KB, so 10,000 probes cost ~10 MB.

/** Keep a sample at most every 2 s, 90 of them: the last 3 minutes the client has seen. */
export const historySampleSpacingMs = 2000;
export const historyCapacity = 90;

export interface HistorySample {
  /** ms since the store started */
  atMs: number;
  internal: number | null;
  external: number | null;
}

export class TemperatureHistory {
  private readonly data = new Float32Array(historyCapacity * 3);
  private next = 0;
  private size = 0;
  private lastAtMs = -Infinity;

  /** Records a sample unless the previous one is younger than the spacing; NaN marks "no valid reading". */
  record(atMs: number, internal: number | null, external: number | null): void {
    if (internal === null && external === null) return;
    if (atMs - this.lastAtMs < historySampleSpacingMs) return;
    this.lastAtMs = atMs;
    const at = this.next * 3;
    this.data[at] = atMs / 1000;
    this.data[at + 1] = internal ?? Number.NaN;
    this.data[at + 2] = external ?? Number.NaN;
    this.next = (this.next + 1) % historyCapacity;
    this.size = Math.min(this.size + 1, historyCapacity);
  }

  /** Oldest first. */
  samples(): HistorySample[] {
    const out: HistorySample[] = [];
    const start = (this.next - this.size + historyCapacity) % historyCapacity;
    for (let i = 0; i < this.size; i++) {
      const at = ((start + i) % historyCapacity) * 3;
      const internal = this.data[at + 1]!;
      const external = this.data[at + 2]!;
      out.push({
        atMs: this.data[at]! * 1000,
        internal: Number.isNaN(internal) ? null : internal,
        external: Number.isNaN(external) ? null : external,
      });
    }
    return out;
  }
}
