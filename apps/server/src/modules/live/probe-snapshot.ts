// A socket's probe snapshot on connect (docs/live-feed.md (Server rules)): spec-format probeData messages, in
// slices for a large plant, or the compact snapshot's parts (docs/live-feed-compact.md).
import { TurnBudget } from '../../event-loop-turns.js';
import type { HubScheduler } from './hub-scheduler.js';
import type { LiveClient } from './live-clients.js';
import type { LiveProbes } from './live-probes.js';
import { probeDeletionMessage } from './live-messages.js';
import { maxProbesPerSlice } from './live-slices.js';
import { probeDataFrames } from './snapshot-frames.js';

/** What a snapshot needs of the hub. */
export interface SnapshotSource {
  readonly probes: LiveProbes;
  readonly scheduler: HubScheduler;
  readonly sliceBudgetMs: number;
  readonly connectBudgetMs: number;
  /** Is the client still one of the hub's sockets? */
  isConnected(client: LiveClient): boolean;
  send(client: LiveClient, message: Buffer, compress?: boolean): void;
  /** A sliced snapshot has gone: what the socket was owed meanwhile follows. */
  snapshotDone(): void;
}

export function sendProbeSnapshot(source: SnapshotSource, client: LiveClient): void {
  const { probes } = source;
  if (client.format === 'spec') {
    // (The base's size and the changed ones bound the probe count: counting exactly was a set of every ID.)
    if (probes.compact.size + probes.changed.size <= maxProbesPerSlice) {
      for (const frame of probeDataFrames(probes.allBytes())) source.send(client, frame);
      return;
    }
    // A large plant: the snapshot goes maxProbesPerSlice probes per turn of the event loop (serialising 100,000
    // probes held the loop for 1.8 s), each probe as it is when its turn comes. Changes meanwhile coalesce in
    // `pending` and follow the snapshot.
    client.snapshotting = true;
    client.pending = new Set();
    sendSlice(source, client, 0, probes.compact.handleCount);
    return;
  }
  // The compact snapshot is the state as last flushed (the base moves on at every flush, compact sockets or
  // not): the next flush's shared delta follows on from it (the socket starts as one that fell behind, with
  // nothing missed yet; its pending probes come whole only if it misses more deltas than the hub keeps). What
  // changed since that flush comes with the next one (≤ flushIntervalMs): encoding it here held the connect, and
  // so part 0, 40–360 ms at full ingest for 10,000 probes, work the next flush redid anyway
  // (docs/decisions/dashboard.md#snapshot-as-last-flushed).
  // Compressed when the socket negotiated permessage-deflate: the snapshot only, never a flush. Part 0 (the handle
  // table and the first rows, ~0.2 MB at 10,000 probes) goes as it is: its deflate came back from zlib's pool one
  // event-loop turn later, 40–330 ms behind the connect at full ingest (docs/decisions/dashboard.md#snapshot-as-last-flushed).
  // Encoded within connectBudgetMs in this turn (a plant of ~10,000 probes: the whole snapshot, as it was before);
  // a larger one goes on a slice per turn, the socket marked snapshotting so that flushes only coalesce its changes,
  // which follow the snapshot (docs/decisions/security.md#compact-snapshot-in-slices).
  client.pending = new Set();
  const budget = new TurnBudget(source.connectBudgetMs);
  const snapshot = probes.compact.snapshot();
  const parts = snapshot.encode(budget);
  if (parts) {
    sendCompactParts(source, client, parts);
    return;
  }
  client.snapshotting = true;
  const encodeMore = () => {
    if (!source.isConnected(client)) return;
    const done = snapshot.encode(new TurnBudget(source.sliceBudgetMs));
    if (!done) {
      source.scheduler.later(encodeMore);
      return;
    }
    sendCompactParts(source, client, done);
    // A probe deleted while the snapshot was encoded is in it, after its deletion went out: it goes again.
    const deleted = snapshot.deletedSince();
    if (deleted.length > 0) source.send(client, probeDeletionMessage(deleted));
    client.snapshotting = false;
    source.snapshotDone();
  };
  source.scheduler.later(encodeMore);
}

function sendCompactParts(source: SnapshotSource, client: LiveClient, parts: readonly Buffer[]): void {
  parts.forEach((part, n) => source.send(client, part, n > 0));
}

/**
 * The snapshot walks the compact base by handle, from `start` up to `end` (the handles given out when the
 * socket connected), with no list of the IDs made first: building one at 100,000 probes held the loop for
 * ~20 ms as the socket connected (docs/decisions/security.md#spec-snapshot-by-handle). A probe
 * deleted meanwhile has no handle any more; one that is new, or changed and not yet sent to this socket
 * (pending here or in the hub's next flush), follows the snapshot from `pending`, so it arrives once. The
 * first slice skips none (the client takes the first message as the whole state, docs/live-feed.md), and a
 * later slice that skipped all of its probes sends nothing.
 */
function sendSlice(source: SnapshotSource, client: LiveClient, start: number, end: number): void {
  if (!source.isConnected(client)) return;
  const { probes } = source;
  const budget = new TurnBudget(source.sliceBudgetMs);
  let handle = start;
  const parts: Buffer[] = [];
  while (handle < end && handle - start < maxProbesPerSlice) {
    const id = probes.compact.idAt(handle);
    handle += 1;
    if (id !== null && (start === 0 || (!probes.changed.has(id) && !client.pending!.has(id)))) {
      const bytes = probes.bytes(id);
      if (bytes) parts.push(bytes);
    }
    if (budget.spent()) break;
  }
  if (start === 0 || parts.length > 0) for (const frame of probeDataFrames(parts)) source.send(client, frame);
  if (handle < end) {
    source.scheduler.later(() => sendSlice(source, client, handle, end));
    return;
  }
  client.snapshotting = false;
  source.snapshotDone();
}
