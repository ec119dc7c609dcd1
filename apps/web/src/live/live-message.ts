// Parsing one live-feed message (docs/live-feed.md "Live message handling"): shared by the socket on the main
// thread and the socket worker, so it imports nothing that needs a window.
import type { LiveMessage } from '@bpm/protocol';
import type { ProbePatch } from './probe-patches';

const knownTypes = new Set<string>(['systemConfig', 'probeData', 'probeDeletion', 'alarms']);

/** Parses a socket message's JSON; answers undefined (and logs) when it is not valid JSON. */
export function parseLiveJson(data: unknown, log: Pick<Console, 'warn' | 'error'> = console): unknown {
  try {
    return JSON.parse(String(data)) as unknown;
  } catch (error) {
    log.error('Dropped a live message that is not valid JSON', error);
    return undefined;
  }
}

/** Narrows parsed JSON to a spec message; answers null (and logs) for an unknown messageType. */
export function asLiveMessage(parsed: unknown, log: Pick<Console, 'warn' | 'error'> = console): LiveMessage | null {
  const messageType = (parsed as { messageType?: unknown } | null)?.messageType;
  if (typeof messageType !== 'string' || !knownTypes.has(messageType)) {
    log.warn('Unknown message type', messageType);
    return null;
  }
  // Not zod-validated: 10,000 probes a second would cost more to validate than to draw
  // (docs/decisions/dashboard.md#no-validation-of-live-messages).
  return parsed as LiveMessage;
}

/** Parses one socket message; answers null (and logs) for invalid JSON or an unknown messageType. */
export function parseLiveMessage(data: unknown, log: Pick<Console, 'warn' | 'error'> = console): LiveMessage | null {
  const parsed = parseLiveJson(data, log);
  return parsed === undefined ? null : asLiveMessage(parsed, log);
}

/** One live message as the socket worker posts it. */
export type FeedEvent =
  | { type: 'message'; message: LiveMessage; isSnapshot: boolean; keepIDs?: readonly string[] }
  /** probeData as patches (probe-patches.ts): only the fields that changed since the probe was last posted. */
  | {
      type: 'probes';
      patches: ProbePatch[];
      isSnapshot: boolean;
      keepIDs?: readonly string[];
      /** A snapshot's chunk: the page answers `taken` once its store has applied it (worker-outbox.ts). */
      inSnapshot?: true;
    };

/** What the socket worker posts to the page. */
export type WorkerEvent =
  | { type: 'open' }
  | { type: 'error' }
  | { type: 'close'; code: number }
  | FeedEvent
  /** The updates decoded within one post interval, in their order (worker-outbox.ts). */
  | { type: 'batch'; events: FeedEvent[] };

/**
 * A worker event as it crosses to the page: JSON text. The page's structured-clone decoding of 10,000 probe patches
 * a second cost more than parsing the same patches from text (docs/decisions/dashboard.md#worker-posts-json-text). What the
 * worker posts came from JSON, so the round trip loses nothing; a patch says which fields went away in
 * `removedFields`, as JSON has no undefined (probe-patches.ts).
 */
export const encodeWorkerEvent = (event: WorkerEvent): string => JSON.stringify(event);
export const decodeWorkerEvent = (text: string): WorkerEvent => JSON.parse(text) as WorkerEvent;

/** What the page posts to the socket worker. */
export type WorkerCommand =
  | { type: 'open'; url: string; protocols: string[] }
  | { type: 'close'; code: number }
  /** The page's store has applied one of the snapshot's chunks (worker-outbox.ts). */
  | { type: 'taken' };

/** Probes per chunk the session hands on: each chunk is one short task on the page (bench: a 5.8 MB message parsed at once was a 100+ ms task). */
export const probesPerChunk = 250;
