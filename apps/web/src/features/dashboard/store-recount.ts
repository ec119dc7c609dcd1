// A value counted from the live probe store (the Dashboard's stage summary, the Plant page's lanes and list): recounted
// at most every intervalMs after a batch, not per report, and published only when its key differs, so 10,000 probes
// at 1 Hz re-render what reads it a few times a second at most. Subscribed to the store only while someone listens.
import type { ProbeStore } from '../../live/stores/probe-store';

/** A recount of the store into some value, published when its key changes. */
export class StoreRecount<T> {
  private value: T;
  private key = '';
  private readonly listeners = new Set<() => void>();
  private unsubscribeStore: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: ProbeStore,
    private readonly count: () => { value: T; key: string },
    private readonly intervalMs: number,
    /** Also recounted this often without a batch (what a clock changes, such as watchdogs); none when undefined. */
    private readonly tickMs?: number,
  ) {
    this.value = count().value;
  }

  get = (): T => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.unsubscribeStore) {
      this.unsubscribeStore = this.store.subscribeBatch(() => this.schedule());
      if (this.tickMs !== undefined) this.ticker = setInterval(() => this.schedule(), this.tickMs);
      this.recount(false);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.unsubscribeStore?.();
      this.unsubscribeStore = null;
      if (this.timer !== null) clearTimeout(this.timer);
      if (this.ticker !== null) clearInterval(this.ticker);
      this.timer = null;
      this.ticker = null;
    };
  };

  /** Recounts soon (a changed capacity), or now when asked. */
  schedule(): void {
    if (this.timer === null) this.timer = setTimeout(() => this.recount(true), this.intervalMs);
  }

  recount(notify: boolean): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const { value, key } = this.count();
    if (key === this.key) return;
    this.key = key;
    this.value = value;
    if (notify) for (const listener of this.listeners) listener();
  }
}
