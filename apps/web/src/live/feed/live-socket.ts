// The live feed's WebSocket on the page (docs/decisions/live-format.md (One path for a probe update)): each frame is
// parsed once by the session rules (live-session.ts) and handed on to be queued; nothing decodes it twice.
import type { LiveMessage } from '@bpm/protocol';
import type { CompactMessage } from '@bpm/protocol/live-compact';
import { createLiveSession } from './live-session';

export interface LiveSocketHandlers {
  onOpen(): void;
  /** A spec message; isSnapshot marks the first probeData after open. */
  onMessage(message: LiveMessage, isSnapshot: boolean): void;
  /** Compact probe data (docs/live-feed-compact.md). */
  onCompact(message: CompactMessage): void;
  onError(detail: unknown): void;
  onClose(code: number): void;
}

export interface LiveSocket {
  /** Closes the socket if it is open or connecting. */
  close(code: number): void;
}

export function openLiveSocket(
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
    const out = session.receive(event.data);
    if (out?.compact) handlers.onCompact(out.compact);
    else if (out) handlers.onMessage(out.message, out.isSnapshot);
  };
  socket.onerror = (event: Event) => handlers.onError(event);
  socket.onclose = (event: CloseEvent) => handlers.onClose(event.code);
  return {
    close: (code) => {
      if (socket.readyState === SocketImpl.OPEN || socket.readyState === SocketImpl.CONNECTING) socket.close(code);
    },
  };
}
