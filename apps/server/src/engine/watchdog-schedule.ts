// One schedule for every probe's watchdog (docs/probe-data.md (Watchdog): not a timer per probe). A timer wheel of
// fixed-width slots: moving a probe is O(1) (it is moved on every report, ~50,000 times a second
// under load), and each probe sits in exactly one slot, so memory is bounded by the probe count.
// Time is passed in; the caller owns the single interval that calls takeDue().

export class WatchdogSchedule {
  private readonly slots = new Map<number, Set<string>>();
  private readonly slotOf = new Map<string, number>();
  /** Every slot up to and including this one has been emptied by takeDue. */
  private cursor: number;

  /** resolutionMs: slot width; an expiry fires at most one slot late and never early. */
  constructor(
    private readonly resolutionMs = 100,
    startMs = 0,
  ) {
    this.cursor = Math.floor(startMs / resolutionMs) - 1;
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Puts a probe at its (new) expiry, replacing any earlier entry. */
  schedule(probeID: string, expiryMs: number): void {
    // Ceil, so a slot is only taken once its whole width has passed: never early.
    const slot = Math.max(Math.ceil(expiryMs / this.resolutionMs), this.cursor + 1);
    const current = this.slotOf.get(probeID);
    if (current === slot) return;
    if (current !== undefined) this.removeFromSlot(probeID, current);
    let bucket = this.slots.get(slot);
    if (!bucket) this.slots.set(slot, (bucket = new Set()));
    bucket.add(probeID);
    this.slotOf.set(probeID, slot);
  }

  cancel(probeID: string): void {
    const current = this.slotOf.get(probeID);
    if (current === undefined) return;
    this.removeFromSlot(probeID, current);
    this.slotOf.delete(probeID);
  }

  /** Removes and returns the probes whose expiry is at or before nowMs. */
  takeDue(nowMs: number): string[] {
    const last = Math.floor(nowMs / this.resolutionMs);
    if (last <= this.cursor) return [];
    const due: string[] = [];
    const take = (slot: number) => {
      const bucket = this.slots.get(slot);
      if (!bucket) return;
      for (const id of bucket) {
        due.push(id);
        this.slotOf.delete(id);
      }
      this.slots.delete(slot);
    };
    if (last - this.cursor > this.slots.size) {
      // A long gap (e.g. the first tick after a restart): visit the occupied slots, not every slot.
      for (const slot of [...this.slots.keys()].sort((a, b) => a - b)) if (slot <= last) take(slot);
    } else {
      for (let slot = this.cursor + 1; slot <= last; slot++) take(slot);
    }
    this.cursor = last;
    return due;
  }

  private removeFromSlot(probeID: string, slot: number): void {
    const bucket = this.slots.get(slot);
    if (!bucket) return;
    bucket.delete(probeID);
    if (bucket.size === 0) this.slots.delete(slot);
  }
}
