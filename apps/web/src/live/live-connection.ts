// The live feed socket (spec §4 "Live connection status", §8 "Live connection"; design §6): status transitions,
// reconnect with backoff 1 s doubling to 30 s, and messages handed to the probe store. Socket problems stay here
// and reach the UI only as the connection status.
import { liveTiming, normalCloseCodes, type LiveMessage } from '@bpm/protocol';
import { liveUrl } from '../lib/api-base-url';
import { probeStore, type ProbeStore } from './probe-store';

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

/** Backoff before reconnect attempt n (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export const reconnectDelayMs = (attempt: number): number =>
  Math.min(liveTiming.reconnectMaxMs, liveTiming.reconnectMinMs * 2 ** Math.min(attempt, 16));

export interface LiveConnectionOptions {
  store?: ProbeStore;
  url?: string;
  WebSocketImpl?: typeof WebSocket;
  log?: Pick<Console, 'warn' | 'error'>;
  alert?: (message: string) => void;
}

/** Opens the live feed; returns the function that disconnects by hand. */
export function startLiveConnection(options: LiveConnectionOptions = {}): () => void {
  const store = options.store ?? probeStore;
  const log = options.log ?? console;
  const SocketImpl = options.WebSocketImpl ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);
  if (!SocketImpl) {
    (options.alert ?? window.alert)('Your browser does not support WebSockets necessary for real-time updates.');
    store.setStatus('disconnected');
    return () => {};
  }

  const stopClock = store.startClock();
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let awaitingSnapshot = false;

  const scheduleReconnect = () => {
    if (stopped || reconnectTimer !== null) return;
    const delay = reconnectDelayMs(attempt++);
    // Design §6: the indicator shows Connecting while a reconnect is pending.
    store.setStatus('connecting');
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  };

  const connect = () => {
    store.setStatus('connecting');
    const current = new SocketImpl(options.url ?? liveUrl());
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      attempt = 0;
      awaitingSnapshot = true;
      store.setStatus('connected');
    };
    current.onmessage = (event: MessageEvent) => {
      if (socket !== current) return;
      const message = parseLiveMessage(event.data, log);
      if (!message) return;
      const isSnapshot = awaitingSnapshot && message.messageType === 'probeData';
      if (isSnapshot) awaitingSnapshot = false;
      store.enqueue(message, isSnapshot);
    };
    current.onerror = (event: Event) => {
      if (socket !== current) return;
      log.error('Live connection error', event);
      store.setStatus('disconnected');
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      if (!(normalCloseCodes as readonly number[]).includes(event.code)) {
        log.warn(`Live connection closed unexpectedly (code ${event.code})`);
      }
      socket = null;
      store.setStatus('disconnected');
      scheduleReconnect();
    };
  };

  connect();

  return () => {
    stopped = true;
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    const current = socket;
    socket = null;
    if (current && (current.readyState === SocketImpl.OPEN || current.readyState === SocketImpl.CONNECTING)) current.close(1000);
    stopClock();
    store.setStatus('disconnected');
  };
}
