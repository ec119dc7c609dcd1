// Cluster mode's engine election (docs/deployment.md (Cluster mode)): every instance keeps trying the
// PostgreSQL session advisory lock of the engine (db/engine-lock.ts) on a connection of its own, twice a
// second; the one that holds it runs the engine. A killed holder's session ends when PostgreSQL sees its
// socket close, which frees the lock at once; keepalives on the session bound the wait when the holder's
// machine vanishes without closing it.
import pg from 'pg';
import { engineLockKey } from '../db/engine-lock.js';

export interface EngineElectionOptions {
  databaseUrl: string;
  pollIntervalMs?: number;
  /** Called once, when this instance takes the lock. */
  onAcquired: () => void;
  /** The session holding the lock failed: the lock may be someone else's now. */
  onLost: (error: Error) => void;
  onPollError: (error: Error) => void;
}

export class EngineElection {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private stopped = false;
  holdsLock = false;

  constructor(private readonly options: EngineElectionOptions) {}

  start(): void {
    void this.poll();
    this.timer = setInterval(() => void this.poll(), this.options.pollIntervalMs ?? 500);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: 'bpm-engine-lock',
      keepAlive: true,
    });
    client.on('error', (error) => {
      if (this.client !== client) return;
      this.client = null;
      if (this.holdsLock && !this.stopped) this.options.onLost(error);
    });
    await client.connect();
    // PostgreSQL ends the session (and frees the lock) when the holder's machine stops answering: ~4 s.
    await client.query('set tcp_keepalives_idle = 2; set tcp_keepalives_interval = 1; set tcp_keepalives_count = 2');
    return client;
  }

  private async poll(): Promise<void> {
    if (this.polling || this.holdsLock || this.stopped) return;
    this.polling = true;
    try {
      if (!this.client) {
        const client = await this.connect();
        if (this.stopped) {
          await client.end();
          return;
        }
        this.client = client;
      }
      const { rows } = await this.client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [engineLockKey]);
      if (rows[0]?.locked && !this.stopped) {
        this.holdsLock = true;
        if (this.timer) clearInterval(this.timer);
        this.options.onAcquired();
      }
    } catch (error) {
      const client = this.client;
      this.client = null;
      void client?.end().catch(() => undefined);
      if (!this.stopped) this.options.onPollError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      this.polling = false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const client = this.client;
    this.client = null;
    // Ending the session releases its advisory lock: another instance takes over within a poll.
    await client?.end().catch(() => undefined);
  }
}
