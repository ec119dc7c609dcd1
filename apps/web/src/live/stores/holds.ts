// Holds on a live store's effects, each with a longest wait (docs/decisions/dashboard.md#holds-while-the-first-rows-render):
// while the Probes table renders its first rows in the background, the stores keep what would make React restart that render
// (applied messages, notifications) until the rows have committed, or until the wait runs out.
export class Holds {
  private count = 0;

  /** onReleased runs when the last hold ends. */
  constructor(private readonly onReleased: () => void) {}

  get isHeld(): boolean {
    return this.count > 0;
  }

  /** Takes a hold; the returned function ends it (again: nothing), and it ends by itself after maxMs. */
  take(maxMs: number): () => void {
    this.count += 1;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      this.count -= 1;
      if (this.count === 0) this.onReleased();
    };
    const timer = setTimeout(release, maxMs);
    return release;
  }
}
