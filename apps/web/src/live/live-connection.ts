// The live feed socket (docs/live-feed.md (Connection status), docs/api.md (Live connection errors)): status transitions,
// reconnect with backoff 1 s doubling to 5 s with jitter, at once when the browser is back online or the tab visible
// or on "Reconnect now", and messages handed to the probe store. Socket problems reach the UI only as the status.
import { compactSubprotocol, liveTiming, normalCloseCodes } from '@bpm/protocol';
import { liveUrl } from '../lib/api-base-url';
import { canUseWorker, openDirectSocket, openWorkerSocket, type LiveSocket, type LiveSocketHandlers } from './live-socket';
import { alarmStore } from './alarm-store';
import { liveFeedLoss, type LiveFeedLoss } from './feed-loss';
import { probeStore, type ProbeStore } from './probe-store';

export { parseLiveMessage } from './live-message';

/** Backoff ceiling before reconnect attempt n (0-based): 1 s, 2 s, 4 s, then 5 s; the wait is jittered below it. */
export const reconnectDelayMs = (attempt: number): number =>
  Math.min(liveTiming.reconnectMaxMs, liveTiming.reconnectMinMs * 2 ** Math.min(attempt, 16));

export interface LiveConnectionOptions {
  store?: ProbeStore;
  url?: string;
  /** Given (tests), the socket is held on the main thread with this implementation instead of in a worker. */
  WebSocketImpl?: typeof WebSocket;
  log?: Pick<Console, 'warn' | 'error'>;
  /** The compact format (docs/live-feed-compact.md) unless 'spec' is asked for (tests of the spec's messages). */
  format?: 'compact' | 'spec';
  alert?: (message: string) => void;
  loss?: LiveFeedLoss;
  now?: () => number;
  /** In [0, 1): where the wait falls between half the backoff and all of it (tests pin it). */
  random?: () => number;
}

/** Half the backoff and a random part of the other half: clients that lost one server do not all come back at once. */
const jittered = (ceilingMs: number, random: number) => Math.round(ceilingMs * (0.5 + 0.5 * random));

/** Opens the live feed; returns the function that disconnects by hand. */
export function startLiveConnection(options: LiveConnectionOptions = {}): () => void {
  const store = options.store ?? probeStore;
  const log = options.log ?? console;
  const loss = options.loss ?? liveFeedLoss;
  const now = options.now ?? Date.now;
  let wasConnected = false;
  const markLost = () => {
    if (wasConnected) loss.lost(now());
  };
  const SocketImpl = options.WebSocketImpl ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);
  if (!SocketImpl) {
    (options.alert ?? window.alert)('Your browser does not support WebSockets necessary for real-time updates.');
    store.setStatus('disconnected');
    return () => {};
  }

  const stopClock = store.startClock();
  let socket: LiveSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  const scheduleReconnect = () => {
    if (stopped || reconnectTimer !== null) return;
    const delay = jittered(reconnectDelayMs(attempt++), (options.random ?? Math.random)());
    // Between attempts the status stays disconnected ("Connection Failed"); connect() sets connecting (docs/live-feed.md (Connection status)).
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  };

  const connect = () => {
    store.setStatus('connecting');
    const url = options.url ?? liveUrl();
    // Each handler ignores a socket that is no longer the current one (closed by hand or replaced).
    const handlers: LiveSocketHandlers = {
      onOpen: () => {
        if (socket !== current) return;
        attempt = 0;
        wasConnected = true;
        loss.restored();
        store.setStatus('connected');
      },
      onMessage: (message, isSnapshot, keepIDs, onApplied) => {
        if (socket !== current) return;
        // Alarms go to their own store (docs/alarms.md), everything else to the probe store's queue.
        if (message.messageType === 'alarms') alarmStore.apply(message);
        else store.enqueue(message, isSnapshot, keepIDs, onApplied);
      },
      onError: (detail) => {
        if (socket !== current) return;
        log.error('Live connection error', detail);
        markLost();
        store.setStatus('disconnected');
      },
      onClose: (code) => {
        if (socket !== current) return;
        if (!(normalCloseCodes as readonly number[]).includes(code))
          log.warn(`Live connection closed unexpectedly (code ${code})`);
        socket = null;
        markLost();
        store.setStatus('disconnected');
        scheduleReconnect();
      },
    };
    const protocols = options.format === 'spec' ? [] : [compactSubprotocol];
    const current: LiveSocket =
      options.WebSocketImpl || !canUseWorker()
        ? openDirectSocket(SocketImpl, url, protocols, handlers, log)
        : openWorkerSocket(url, protocols, handlers);
    socket = current;
  };

  /** Between attempts, the next one now (the browser is back online, the tab visible, or the user asked). */
  const reconnectNow = () => {
    if (stopped || socket !== null || reconnectTimer === null) return;
    clearTimeout(reconnectTimer);
    reconnectTimer = null;
    connect();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') reconnectNow();
  };
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) {
    window.addEventListener('online', reconnectNow);
    document.addEventListener('visibilitychange', onVisibility);
  }
  const releaseRetry = loss.offerReconnect(reconnectNow);

  connect();

  return () => {
    stopped = true;
    releaseRetry();
    if (hasWindow) {
      window.removeEventListener('online', reconnectNow);
      document.removeEventListener('visibilitychange', onVisibility);
    }
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    const current = socket;
    socket = null;
    current?.close(1000);
    stopClock();
    // Closed by hand (the layout went away): nothing is stale any more.
    loss.restored();
    store.setStatus('disconnected');
  };
}
