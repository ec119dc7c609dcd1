// The server's own logs kept in the `logs` table: buffered writes, bounded retention, newest-first reads.
import type { LogEntry } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import { searchLogs } from '../../db/log-search.js';
import type { Database } from '../../db/schema.js';
import { formatLogTs, nextLogTs } from './log-clock.js';

export interface LogRetention {
  maxEntries: number;
  maxAgeDays: number;
}

export interface LogPage {
  offset: number;
  limit: number;
  q?: string | undefined;
}

const flushDelayMs = 50;
const insertChunk = 300;
const pruneEveryMs = 60_000;

export class LogStore {
  private pending: LogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private floor = 0n;
  private insertedSincePrune = 0;
  private lastPruneAt = 0;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly retention: LogRetention,
  ) {}

  /** Reads the newest stored ts so entries written after a restart still sort after the old ones. */
  async open(): Promise<void> {
    const newest = await this.db.selectFrom('logs').select('ts').orderBy('ts', 'desc').limit(1).executeTakeFirst();
    if (newest) this.floor = BigInt(newest.ts);
    await this.prune();
  }

  add(level: string, msg: string): void {
    if (this.closed) return;
    this.pending.push({ ts: formatLogTs(nextLogTs(this.floor)), level, msg });
    this.timer ??= setTimeout(() => void this.flush(), flushDelayMs).unref();
  }

  /** Writes everything buffered so far; reads call this first so a client sees its own request's lines. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.flushing
      .then(() => this.write(batch))
      .catch((error: unknown) => {
        // The logger must not log its own failures into itself: say it once on stderr.
        process.stderr.write(`[bpm] could not store ${batch.length} log entries: ${String(error)}\n`);
      });
    return this.flushing;
  }

  private async write(batch: LogEntry[]): Promise<void> {
    if (batch.length === 0) return;
    for (let i = 0; i < batch.length; i += insertChunk) {
      await this.db
        .insertInto('logs')
        .values(batch.slice(i, i + insertChunk))
        .execute();
    }
    this.insertedSincePrune += batch.length;
    // Pruning every tenth of the bound keeps the table within 110% of maxEntries at little cost.
    const pruneEveryEntries = Math.max(1, Math.min(1000, Math.floor(this.retention.maxEntries / 10)));
    if (this.insertedSincePrune >= pruneEveryEntries || Date.now() - this.lastPruneAt >= pruneEveryMs) await this.prune();
  }

  private async prune(): Promise<void> {
    this.insertedSincePrune = 0;
    this.lastPruneAt = Date.now();
    const oldest = BigInt(Date.now() - this.retention.maxAgeDays * 86_400_000) * 1_000_000n;
    await this.db.deleteFrom('logs').where('ts', '<', formatLogTs(oldest)).execute();
    const cutoff = await this.db
      .selectFrom('logs')
      .select('ts')
      .orderBy('ts', 'desc')
      .limit(1)
      .offset(this.retention.maxEntries - 1)
      .executeTakeFirst();
    if (cutoff) await this.db.deleteFrom('logs').where('ts', '<', cutoff.ts).execute();
  }

  async list(page: LogPage): Promise<LogEntry[]> {
    await this.flush();
    // A filtered page comes from the search index (db/log-search.ts), not a scan.
    if (page.q) return searchLogs(this.db, page.q, page.limit, page.offset);
    return this.db
      .selectFrom('logs')
      .select(['ts', 'level', 'msg'])
      .orderBy('ts', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  async all(): Promise<LogEntry[]> {
    await this.flush();
    return this.db.selectFrom('logs').select(['ts', 'level', 'msg']).orderBy('ts', 'desc').execute();
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }
}
