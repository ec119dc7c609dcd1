// The live connection's loss time, beside its status (set by live-connection.ts, read through use-live.ts).
/**
 * When the live data stopped being live (docs/operator-screen.md "Stale data"): the time the open feed was lost,
 * kept through the failed attempts that follow, null while connected or before the first connection.
 */
export class LiveFeedLoss {
  private lostAtMs: number | null = null;
  private reconnect: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();

  getLostAtMs = (): number | null => this.lostAtMs;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The first loss counts; later failed attempts keep its time. */
  lost(atMs: number): void {
    if (this.lostAtMs !== null) return;
    this.lostAtMs = atMs;
    for (const listener of this.listeners) listener();
  }

  /** The live connection's "try again now" (the stale banner's "Reconnect now"); the returned function withdraws it. */
  offerReconnect(reconnect: () => void): () => void {
    this.reconnect = reconnect;
    return () => {
      if (this.reconnect === reconnect) this.reconnect = null;
    };
  }

  reconnectNow = (): void => {
    this.reconnect?.();
  };

  restored(): void {
    if (this.lostAtMs === null) return;
    this.lostAtMs = null;
    for (const listener of this.listeners) listener();
  }
}

export const liveFeedLoss = new LiveFeedLoss();
