// One live socket's message rules (docs/live-feed.md, docs/live-feed-compact.md), pure: the socket hands it each
// frame's data and it answers what to queue. It parses the JSON once and marks the spec format's snapshot (the first
// probeData after open); compact probe data goes on as it came, to be decoded into the probe store's entries as it
// is applied (feed-queue.ts): docs/architecture.md (One probe report, end to end).
import type { LiveMessage } from '@bpm/protocol';
import { isCompactMessage, type CompactMessage } from '@bpm/protocol/live-compact';
import { asLiveMessage, parseLiveJson } from './live-message';

export type SessionMessage =
  /** A spec message; isSnapshot marks the first probeData after open, which replaces the store's probes. */
  | { message: LiveMessage; isSnapshot: boolean; compact?: undefined }
  /** Compact probe data (a snapshot part or an update). */
  | { compact: CompactMessage; message?: undefined };

export interface LiveSession {
  /** The socket opened: the next spec probeData is a snapshot. */
  open(): void;
  /** One frame's data as the message to queue; undefined for a bad or unknown frame (logged). */
  receive(data: unknown): SessionMessage | undefined;
}

export function createLiveSession(log: Pick<Console, 'warn' | 'error'> = console): LiveSession {
  let awaitingSnapshot = false;
  return {
    open() {
      awaitingSnapshot = true;
    },
    receive(data) {
      const parsed = parseLiveJson(data, log);
      if (parsed === undefined) return undefined;
      if (isCompactMessage(parsed)) return { compact: parsed };
      const message = asLiveMessage(parsed, log);
      if (!message) return undefined;
      const isSnapshot = awaitingSnapshot && message.messageType === 'probeData';
      if (isSnapshot) awaitingSnapshot = false;
      return { message, isSnapshot };
    },
  };
}
