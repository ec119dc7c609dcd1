// Two ways to hold the live feed's socket behind one small interface: in a worker (the browser default:
// parsing and chunking off the main thread) or directly on the main thread (no Worker, or tests). Both run
// the same session rules (live-session.ts).
import type { LiveMessage } from '@bpm/protocol';
import type { WorkerCommand, WorkerEvent } from './live-message';
import { createLiveSession } from './live-session';

export interface LiveSocketHandlers {
  onOpen(): void;
  /** isSnapshot marks the first probeData after open; keepIDs lists every probe of that snapshot when chunked. */
  onMessage(message: LiveMessage, isSnapshot: boolean, keepIDs?: readonly string[]): void;
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

export function openWorkerSocket(url: string, protocols: string[], handlers: LiveSocketHandlers): LiveSocket {
  const worker = new Worker(new URL('./live-socket.worker.ts', import.meta.url), { type: 'module', name: 'live-socket' });
  const send = (command: WorkerCommand) => worker.postMessage(command);
  worker.onmessage = (event: MessageEvent<WorkerEvent>) => {
    const data = event.data;
    if (data.type === 'open') handlers.onOpen();
    else if (data.type === 'message') handlers.onMessage(data.message, data.isSnapshot, data.keepIDs);
    else if (data.type === 'error') handlers.onError('socket error in the live worker');
    else handlers.onClose(data.code);
  };
  worker.onerror = (event: ErrorEvent) => {
    isWorkerBroken = true;
    worker.terminate();
    handlers.onError(event.message || 'the live worker failed to start');
    handlers.onClose(1006);
  };
  send({ type: 'open', url, protocols });
  return { close: (code) => send({ type: 'close', code }) };
}
