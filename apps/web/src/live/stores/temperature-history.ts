// A bounded ring of recent temperatures per probe, for the Probe Details sparkline (beyond the spec).
// 3 × capacity floats per probe (time, internal, external): ~1 KB, so 10,000 probes cost ~10 MB. The rings are cut
// from shared slabs (RingPool): a Float32Array of its own per probe cost 16–25 µs to allocate, 160–250 ms of the main
// thread while a 10,000-probe snapshot filled the store, and its garbage (docs/decisions/dashboard.md#temperature-history-slabs).

/** Keep a sample at most every 2 s, 90 of them: the last 3 minutes the client has seen. */
export const historySampleSpacingMs = 2000;
export const historyCapacity = 90;

export interface HistorySample {
  /** ms since the store started */
  atMs: number;
  internal: number | null;
  external: number | null;
}

const ringLength = historyCapacity * 3;
/** Rings per slab: one allocation per this many probes. */
const ringsPerSlab = 256;

interface Ring {
  data: Float32Array;
  /** Where this ring starts in data. */
  base: number;
}

/** Hands out rings from slabs, and takes back those of histories that are disposed. */
class RingPool {
  private slab = new Float32Array(0);
  private used = ringsPerSlab;
  private readonly free: Ring[] = [];

  take(): Ring {
    const reused = this.free.pop();
    if (reused) return reused;
    if (this.used === ringsPerSlab) {
      this.slab = new Float32Array(ringsPerSlab * ringLength);
      this.used = 0;
    }
    return { data: this.slab, base: this.used++ * ringLength };
  }

  give(ring: Ring): void {
    this.free.push(ring);
  }
}

const ringPool = new RingPool();

export class TemperatureHistory {
  /** Null once disposed: the ring may then belong to another probe. */
  private ring: Ring | null = ringPool.take();
  private next = 0;
  private size = 0;
  private lastAtMs = -Infinity;

  /** Records a sample unless the previous one is younger than the spacing; NaN marks "no valid reading". */
  record(atMs: number, internal: number | null, external: number | null): void {
    if (internal === null && external === null) return;
    if (atMs - this.lastAtMs < historySampleSpacingMs || !this.ring) return;
    this.lastAtMs = atMs;
    const { data, base } = this.ring;
    const at = base + this.next * 3;
    data[at] = atMs / 1000;
    data[at + 1] = internal ?? Number.NaN;
    data[at + 2] = external ?? Number.NaN;
    this.next = (this.next + 1) % historyCapacity;
    this.size = Math.min(this.size + 1, historyCapacity);
  }

  /** Oldest first; none once disposed. */
  samples(): HistorySample[] {
    const out: HistorySample[] = [];
    if (!this.ring) return out;
    const { data, base } = this.ring;
    const start = (this.next - this.size + historyCapacity) % historyCapacity;
    for (let i = 0; i < this.size; i++) {
      const at = base + ((start + i) % historyCapacity) * 3;
      const internal = data[at + 1]!;
      const external = data[at + 2]!;
      out.push({
        atMs: data[at]! * 1000,
        internal: Number.isNaN(internal) ? null : internal,
        external: Number.isNaN(external) ? null : external,
      });
    }
    return out;
  }

  /** The probe is gone: its ring goes back to the pool for the next new probe, and this history reads empty. */
  dispose(): void {
    if (this.ring) ringPool.give(this.ring);
    this.ring = null;
    this.size = 0;
  }
}
