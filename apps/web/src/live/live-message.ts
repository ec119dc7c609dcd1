// Parsing one live-feed message (docs/live-feed.md (Message handling)): shared by the socket on the main thread
// and the socket worker, so it imports nothing that needs a window.
import type { LiveMessage } from '@bpm/protocol';

const knownTypes = new Set<string>(['systemConfig', 'probeData', 'probeDeletion']);

/** Parses one socket message; answers null (and logs) for invalid JSON or an unknown messageType. */
export function parseLiveMessage(data: unknown, log: Pick<Console, 'warn' | 'error'> = console): LiveMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(data));
  } catch (error) {
    log.error('Dropped a live message that is not valid JSON', error);
    return null;
  }
  const messageType = (parsed as { messageType?: unknown } | null)?.messageType;
  if (typeof messageType !== 'string' || !knownTypes.has(messageType)) {
    log.warn('Unknown message type', messageType);
    return null;
  }
  // Not zod-validated: 10,000 probes a second would cost more to validate than to draw (docs/decisions/dashboard.md).
  return parsed as LiveMessage;
}

/** What the socket worker posts to the page. */
export type WorkerEvent =
  | { type: 'open' }
  | { type: 'error' }
  | { type: 'close'; code: number }
  | { type: 'message'; message: LiveMessage; isSnapshot: boolean; keepIDs?: string[] };

/** What the page posts to the socket worker. */
export type WorkerCommand = { type: 'open'; url: string } | { type: 'close'; code: number };

/** Probes per chunk the worker posts: each chunk is one short task on the page (bench: a 5.8 MB message parsed at once was a 100+ ms task). */
export const probesPerChunk = 250;
