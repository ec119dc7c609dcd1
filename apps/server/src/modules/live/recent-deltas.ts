// The latest compact delta messages, as shared by every socket that kept up, kept for sockets that fell
// behind, and how such a socket catches up (docs/live-feed-compact.md, docs/decisions/live-format.md#compression).
import type { CompactFeed } from './compact-feed.js';
import type { LiveClient } from './live-clients.js';
import { firstOf, maxProbesPerSlice } from './live-slices.js';

/**
 * How many recent compact deltas the hub keeps for sockets that fall behind: 3 s of flushes, and no more
 * bytes than maxBufferedBytes. A socket that drains within that window is sent the same shared messages it
 * missed when they add up to at most maxBufferedBytes; otherwise it gets full records of what changed
 * (docs/decisions/live-format.md#compression).
 */
export const recentDeltaLimits = { messages: 30 };

export class RecentDeltas {
  /** Oldest first, within recentDeltaLimits. */
  private readonly kept: { seq: number; message: Buffer }[] = [];
  private keptBytes = 0;
  private nextSeq = 0;

  /** maxBufferedBytes: the kept deltas' bytes, and a replay's. */
  constructor(readonly maxBytes: number) {}

  /** The sequence number the next compact delta will carry. */
  get next(): number {
    return this.nextSeq;
  }

  keep(message: Buffer): void {
    this.kept.push({ seq: this.nextSeq, message });
    this.keptBytes += message.length;
    this.nextSeq += 1;
    while (this.kept.length > recentDeltaLimits.messages || (this.kept.length > 1 && this.keptBytes > this.maxBytes)) {
      this.keptBytes -= this.kept.shift()!.message.length;
    }
  }

  /** Forgets every kept delta (the sequence goes on). */
  clear(): void {
    this.kept.length = 0;
    this.keptBytes = 0;
  }

  /** The deltas from `seq` on when all of them are still kept, else none. */
  since(seq: number): Buffer[] {
    const oldest = this.kept[0]?.seq ?? this.nextSeq;
    return seq < this.nextSeq && seq >= oldest ? this.kept.slice(seq - oldest).map(({ message }) => message) : [];
  }
}

/**
 * A compact socket that fell behind and has drained: the shared deltas it missed when the hub still has
 * them all and they fit in the buffer bound (the same Buffers every other socket got: no work for this
 * one), else full records of the probes changed since its last message. A client slower than the stream
 * would never catch up by replaying every delta; coalesced records are bounded by the probe count.
 * Answers the bytes sent.
 */
export function catchUpCompact(
  client: LiveClient,
  deltas: RecentDeltas,
  compact: CompactFeed,
  send: (message: Buffer) => void,
): number {
  const missed = deltas.next - client.nextDelta;
  const replay = deltas.since(client.nextDelta);
  const replayBytes = replay.reduce((sum, message) => sum + message.length, 0);
  let bytes = 0;
  if (replay.length > 0 && replayBytes <= deltas.maxBytes) {
    for (const message of replay) {
      send(message);
      bytes += message.length;
    }
  } else if (missed > 0 && client.pending!.size > 0) {
    // In slices of maxProbesPerSlice, like every flush; the rest waits for the next turn, and this
    // socket stays behind (owed the deltas from nextDelta) until all of it has gone.
    const caughtUp = firstOf(client.pending!, maxProbesPerSlice);
    // Not compressed: on a starved machine compressing ~2 MB catch-ups kept a slow page behind for
    // seconds at a time (5 messages in 30 s instead of 84; docs/decisions/live-format.md#compression).
    const own = compact.full(caughtUp);
    send(own);
    bytes += own.length;
    if (caughtUp !== client.pending) {
      for (const id of caughtUp) client.pending!.delete(id);
      return bytes;
    }
  }
  client.pending = null;
  client.nextDelta = deltas.next;
  return bytes;
}
