// Parsing one live-feed message (docs/live-feed.md (Message handling)).
import type { LiveMessage } from '@bpm/protocol';

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
