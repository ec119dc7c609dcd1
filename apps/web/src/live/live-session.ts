// One live socket session's message rules (docs/live-feed.md, docs/live-feed-compact.md), pure: the worker
// and the main-thread socket both feed it each frame's data and pass on what it answers. It parses JSON,
// decodes the compact format, marks the snapshot (the first probeData after open, or a compact snapshot's
// first part), hands large probe lists on in chunks with the whole snapshot's IDs on the first chunk
// (keepIDs, so the store removes only probes the snapshot does not list), and forgets deleted probes.
import type { LiveMessage, Probe } from '@bpm/protocol';
// The compact decoder alone: '@bpm/protocol' would bring every schema and zod into the live worker.
import { CompactDecoder, isCompactMessage, type CompactMessage } from '@bpm/protocol/live-compact';
import { asLiveMessage, parseLiveJson, probesPerChunk } from './live-message';

export interface SessionMessage {
  message: LiveMessage;
  /** The first chunk of a snapshot: the store replaces its state with it. */
  isSnapshot: boolean;
  /** On a snapshot's first chunk: every probe ID of the whole snapshot. */
  keepIDs?: readonly string[];
  /** On every chunk of a snapshot (of any part): the worker posts these at once, in their slices (worker-outbox.ts). */
  inSnapshot?: true;
}

export interface LiveSession {
  /** The socket opened: the next probeData is a snapshot, and the compact stream starts afresh. */
  open(): void;
  /** One frame's data: the messages to hand to the store, in order (none for a bad or unknown frame). */
  receive(data: unknown): SessionMessage[];
  /**
   * The same messages, parsed when the first is asked for and decoded one chunk at a time as they are asked for,
   * so a caller can hand on a snapshot part's first chunk before the rest is decoded (the worker does,
   * docs/decisions/dashboard.md#sliced-delivery). Ask for all of one frame's messages before the next frame's.
   */
  receiveInSlices(data: unknown): Iterable<SessionMessage>;
}

export function createLiveSession(log: Pick<Console, 'warn' | 'error'> = console, chunkSize = probesPerChunk): LiveSession {
  let awaitingSnapshot = false;
  let decoder = new CompactDecoder();

  const probeData = (probes: Probe[]): LiveMessage => ({ messageType: 'probeData', probes });
  /** A snapshot's chunk (keepIDs on its first); an update's chunk is just { message, isSnapshot: false }. */
  const snapshotChunk = (message: LiveMessage, keepIDs?: readonly string[]): SessionMessage =>
    keepIDs ? { message, isSnapshot: true, keepIDs, inSnapshot: true } : { message, isSnapshot: false, inSnapshot: true };

  function* chunked(probes: Probe[], keepIDs: readonly string[] | undefined): Generator<SessionMessage> {
    for (let start = 0; start === 0 || start < probes.length; start += chunkSize) {
      const message = probeData(probes.slice(start, start + chunkSize));
      if (!keepIDs) yield { message, isSnapshot: false };
      else yield snapshotChunk(message, start === 0 ? keepIDs : undefined);
    }
  }

  /** A compact message's records decoded chunkSize at a time; a snapshot's part 0 yields its first chunk even if empty. */
  function* decodedInChunks(message: CompactMessage): Generator<SessionMessage> {
    const compact = decoder;
    const snapshotIDs = compact.start(message);
    if (snapshotIDs) awaitingSnapshot = false;
    for (let from = 0; from === 0 || from < message.p.length; from += chunkSize) {
      const probes = compact.records(message, from, from + chunkSize);
      // A snapshot with no probes still empties the store; an update chunk with none says nothing.
      if (from === 0 && snapshotIDs) yield snapshotChunk(probeData(probes), snapshotIDs);
      else if (probes.length > 0)
        yield message.c === 's' ? snapshotChunk(probeData(probes)) : { message: probeData(probes), isSnapshot: false };
    }
  }

  function* receiveInSlices(data: unknown): Generator<SessionMessage> {
    const parsed = parseLiveJson(data, log);
    if (parsed === undefined) return;
    if (isCompactMessage(parsed)) {
      yield* decodedInChunks(parsed);
      return;
    }
    const message = asLiveMessage(parsed, log);
    if (!message) return;
    if (message.messageType === 'probeDeletion') decoder.forget(message.probes.map((p) => p.probeID));
    if (message.messageType !== 'probeData') {
      yield { message, isSnapshot: false };
      return;
    }
    const keepIDs = awaitingSnapshot ? message.probes.map((p) => p.probeID) : undefined;
    awaitingSnapshot = false;
    yield* chunked(message.probes, keepIDs);
  }

  return {
    open() {
      awaitingSnapshot = true;
      decoder = new CompactDecoder();
    },
    receive: (data) => [...receiveInSlices(data)],
    receiveInSlices,
  };
}
