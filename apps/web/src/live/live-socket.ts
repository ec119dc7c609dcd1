// Two ways to hold the live feed's socket behind one small interface: in a worker (the browser default:
// parsing and chunking off the main thread) or directly on the main thread (no Worker, or tests). Both run
// the same session rules (live-session.ts).
import type { LiveMessage } from '@bpm/protocol';
import { decodeWorkerEvent, type FeedEvent, type WorkerCommand, type WorkerEvent } from './live-message';
import { createLiveSession } from './live-session';
import { ProbePatchReader } from './probe-patches';

export interface LiveSocketHandlers {
  onOpen(): void;
  /**
   * isSnapshot marks the first probeData after open; keepIDs lists every probe of that snapshot when chunked.
   * onApplied, when given, is to be called once the message has been applied: the worker waits for it before it
   * sends more of the snapshot (worker-outbox.ts).
   */
  onMessage(message: LiveMessage, isSnapshot: boolean, keepIDs?: readonly string[], onApplied?: () => void): void;
  onError(detail: unknown): void;
  onClose(code: number): void;
}

export interface LiveSocket {
  /** Closes the socket if it is open or connecting. */
  close(code: number): void;
}

export function openDirectSocket(
  SocketImpl: typeof WebSocket,
  url: string,
  protocols: string[],
  handlers: LiveSocketHandlers,
  log: Pick<Console, 'warn' | 'error'>,
): LiveSocket {
  const socket = new SocketImpl(url, protocols);
  const session = createLiveSession(log);
  socket.onopen = () => {
    session.open();
    handlers.onOpen();
  };
  socket.onmessage = (event: MessageEvent) => {
    for (const out of session.receive(event.data)) handlers.onMessage(out.message, out.isSnapshot, out.keepIDs);
  };
  socket.onerror = (event: Event) => handlers.onError(event);
  socket.onclose = (event: CloseEvent) => handlers.onClose(event.code);
  return {
    close: (code) => {
      if (socket.readyState === SocketImpl.OPEN || socket.readyState === SocketImpl.CONNECTING) socket.close(code);
    },
  };
}

/** Set when a worker cannot start (e.g. a content policy): later connections stay on the main thread. */
let isWorkerBroken = false;
export const canUseWorker = (): boolean => typeof Worker !== 'undefined' && !isWorkerBroken;

const startLiveWorker = () =>
  new Worker(new URL('./live-socket.worker.ts', import.meta.url), { type: 'module', name: 'live-socket' });

/** A worker started ahead of its socket (prepareLiveWorker), taken by the next openWorkerSocket. */
let spareWorker: Worker | null = null;

/**
 * Starts the live worker before its socket is wanted (Login was clicked): its script loads and runs during the
 * sign-in's round trip instead of after it (docs/decisions/dashboard.md#socket-opened-at-the-sign-in).
 */
export function prepareLiveWorker(): void {
  if (spareWorker || !canUseWorker()) return;
  const worker = startLiveWorker();
  worker.onerror = () => {
    isWorkerBroken = true;
    worker.terminate();
    if (spareWorker === worker) spareWorker = null;
  };
  spareWorker = worker;
}

/**
 * The page's end of the worker's posts: rebuilds probes from their patches and hands each message on in order; a
 * snapshot chunk with onTaken, which tells the worker it has been applied.
 */
export function workerEventReader(handlers: LiveSocketHandlers, onTaken?: () => void): (event: WorkerEvent) => void {
  const patches = new ProbePatchReader();
  const readFeed = (data: FeedEvent) => {
    if (data.type === 'probes') {
      const message: LiveMessage = { messageType: 'probeData', probes: patches.probesOf(data.patches) };
      handlers.onMessage(message, data.isSnapshot, data.keepIDs, data.inSnapshot ? onTaken : undefined);
      return;
    }
    if (data.message.messageType === 'probeDeletion') patches.forget(data.message.probes.map((p) => p.probeID));
    handlers.onMessage(data.message, data.isSnapshot, data.keepIDs);
  };
  return (data) => {
    if (data.type === 'open') handlers.onOpen();
    else if (data.type === 'batch') for (const feed of data.events) readFeed(feed);
    else if (data.type === 'probes' || data.type === 'message') readFeed(data);
    else if (data.type === 'error') handlers.onError('socket error in the live worker');
    else handlers.onClose(data.code);
  };
}

export function openWorkerSocket(url: string, protocols: string[], handlers: LiveSocketHandlers): LiveSocket {
  const worker = spareWorker ?? startLiveWorker();
  spareWorker = null;
  const send = (command: WorkerCommand) => worker.postMessage(command);
  const read = workerEventReader(handlers, () => send({ type: 'taken' }));
  worker.onmessage = (event: MessageEvent<string>) => read(decodeWorkerEvent(event.data));
  worker.onerror = (event: ErrorEvent) => {
    isWorkerBroken = true;
    worker.terminate();
    handlers.onError(event.message || 'the live worker failed to start');
    handlers.onClose(1006);
  };
  send({ type: 'open', url, protocols });
  return { close: (code) => send({ type: 'close', code }) };
}
