// The live feed's sockets (docs/live-feed.md (Server rules)): which are connected and in which format, what
// each is owed while backed up, and which answered the last ping. The hub decides what they are sent.

/** The part of a `ws` WebSocket the hub uses (so tests can count what is sent). */
export interface LiveSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Buffer, options: { binary: boolean; compress: boolean }): void;
  ping(): void;
  terminate(): void;
}

/** The spec's probeData messages, or the compact format (docs/live-feed-compact.md). */
export type LiveFormat = 'spec' | 'compact';

export interface LiveClient {
  socket: LiveSocket;
  format: LiveFormat;
  /** Set while the socket is backed up: probes changed since its last message. */
  pending: Set<string> | null;
  /** Compact: the sequence number of the first shared delta this socket has not been sent. */
  nextDelta: number;
  isAlive: boolean;
  /** Set while a socket's snapshot goes out in slices (spec) or is encoded over turns (compact): flushes only coalesce its changes in `pending`. */
  snapshotting: boolean;
}

/** WebSocket.OPEN */
export const openState = 1;

export class LiveClients {
  private readonly clients = new Map<LiveSocket, LiveClient>();

  get size(): number {
    return this.clients.size;
  }

  get backedUpCount(): number {
    let count = 0;
    for (const client of this.clients.values()) if (client.pending !== null) count += 1;
    return count;
  }

  add(client: LiveClient): void {
    this.clients.set(client.socket, client);
  }

  get(socket: LiveSocket): LiveClient | undefined {
    return this.clients.get(socket);
  }

  remove(socket: LiveSocket): void {
    this.clients.delete(socket);
  }

  values(): IterableIterator<LiveClient> {
    return this.clients.values();
  }

  some(predicate: (client: LiveClient) => boolean): boolean {
    return [...this.clients.values()].some(predicate);
  }

  markAlive(socket: LiveSocket): void {
    const client = this.clients.get(socket);
    if (client) client.isAlive = true;
  }

  /** Drops sockets that did not answer the last ping, pings the rest. */
  heartbeat(): void {
    for (const client of this.clients.values()) {
      if (!client.isAlive) {
        this.clients.delete(client.socket);
        client.socket.terminate();
        continue;
      }
      client.isAlive = false;
      client.socket.ping();
    }
  }

  /** What a socket is owed: backed-up state and pending probe count (bounded by the probe count). */
  stateOf(socket: LiveSocket): { isBackedUp: boolean; pendingProbes: number } | undefined {
    const client = this.clients.get(socket);
    return client && { isBackedUp: client.pending !== null, pendingProbes: client.pending?.size ?? 0 };
  }
}
