// One live socket session's message rules (docs/live-feed.md, docs/live-feed-compact.md), pure: the worker
// and the main-thread socket both feed it each frame's data and pass on what it answers. It parses JSON,
// decodes the compact format, marks the snapshot (the first probeData after open, or a compact snapshot's
// first part), hands large probe lists on in chunks with the whole snapshot's IDs on the first chunk
// (keepIDs, so the store removes only probes the snapshot does not list), and forgets deleted probes.
import type { LiveMessage, Probe } from '@bpm/protocol';
// The compact decoder alone: '@bpm/protocol' would bring every schema and zod into the live worker.
import { CompactDecoder, isCompactMessage } from '@bpm/protocol/live-compact';
import { asLiveMessage, parseLiveJson, probesPerChunk } from './live-message';

export interface SessionMessage {
  message: LiveMessage;
  /** The first chunk of a snapshot: the store replaces its state with it. */
  isSnapshot: boolean;
  /** On a snapshot's first chunk: every probe ID of the whole snapshot. */
  keepIDs?: readonly string[];
}

export interface LiveSession {
  /** The socket opened: the next probeData is a snapshot, and the compact stream starts afresh. */
  open(): void;
  /** One frame's data: the messages to hand to the store, in order (none for a bad or unknown frame). */
  receive(data: unknown): SessionMessage[];
}

export function createLiveSession(log: Pick<Console, 'warn' | 'error'> = console, chunkSize = probesPerChunk): LiveSession {
  let awaitingSnapshot = false;
  let decoder = new CompactDecoder();

  const chunked = (probes: Probe[], keepIDs: readonly string[] | undefined): SessionMessage[] => {
    const out: SessionMessage[] = [];
    for (let start = 0; start === 0 || start < probes.length; start += chunkSize) {
      const first = start === 0;
      const message: LiveMessage = { messageType: 'probeData', probes: probes.slice(start, start + chunkSize) };
      out.push(first && keepIDs ? { message, isSnapshot: true, keepIDs } : { message, isSnapshot: false });
    }
    return out;
  };

  return {
    open() {
      awaitingSnapshot = true;
      decoder = new CompactDecoder();
    },
    receive(data) {
      const parsed = parseLiveJson(data, log);
      if (parsed === undefined) return [];
      if (isCompactMessage(parsed)) {
        const { probes, snapshotIDs } = decoder.decode(parsed);
        if (snapshotIDs) awaitingSnapshot = false;
        // An update with no probes says nothing; a snapshot with none still empties the store.
        return probes.length === 0 && !snapshotIDs ? [] : chunked(probes, snapshotIDs);
      }
      const message = asLiveMessage(parsed, log);
      if (!message) return [];
      if (message.messageType === 'probeDeletion') decoder.forget(message.probes.map((p) => p.probeID));
      if (message.messageType !== 'probeData') return [{ message, isSnapshot: false }];
      const keepIDs = awaitingSnapshot ? message.probes.map((p) => p.probeID) : undefined;
      awaitingSnapshot = false;
      return chunked(message.probes, keepIDs);
    },
  };
}
