// Persists the probe snapshot in batches (docs/storage.md (Probe snapshot): state survives a restart). Reports only mark a
// probe dirty; a timer writes every dirty probe's latest record, so 50,000 reports a second cost at
// most one row write per probe per interval. Writes go in small transactions with a turn of the event
// loop between them: better-sqlite3 is synchronous, and one 10,000-row write would stall every
// socket for ~100 ms (measured), which the live feed's latency target cannot afford.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.js';
import type { ProbeRecord } from '../../engine/probe-record.js';
import { deleteProbeRecords, saveProbeRecords } from './probes.queries.js';

export class SnapshotWriter {
  private readonly dirty = new Set<string>();
  private readonly deleted = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly lookup: (probeID: string) => ProbeRecord | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 5000,
    private readonly rowsPerTransaction = 250,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  markDirty(probeID: string): void {
    this.deleted.delete(probeID);
    this.dirty.add(probeID);
  }

  markDeleted(probeID: string): void {
    this.dirty.delete(probeID);
    this.deleted.add(probeID);
  }

  /** Writes what is pending; writes never overlap, so a later flush cannot be overtaken by an earlier one. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writePending());
    return this.writing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writePending(): Promise<void> {
    if (this.dirty.size === 0 && this.deleted.size === 0) return;
    const records: ProbeRecord[] = [];
    for (const id of this.dirty) {
      const record = this.lookup(id);
      if (record) records.push(record);
    }
    const deleted = [...this.deleted];
    this.dirty.clear();
    this.deleted.clear();
    try {
      const now = new Date().toISOString();
      await deleteProbeRecords(this.db, deleted);
      for (let i = 0; i < records.length; i += this.rowsPerTransaction) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        // Each row is a whole record, so the chunks need no common transaction; each chunk is one for speed.
        // A probe deleted meanwhile is skipped (its deletion is pending for the next flush anyway).
        const chunk = records.slice(i, i + this.rowsPerTransaction).filter((r) => this.lookup(r.probeID) !== undefined);
        await this.db.transaction().execute((trx) => saveProbeRecords(trx, chunk, now));
      }
    } catch (error) {
      // Keep them pending: the next flush tries again (a probe may have moved on meanwhile; its latest state is written).
      for (const r of records) if (!this.deleted.has(r.probeID)) this.dirty.add(r.probeID);
      for (const id of deleted) if (!this.dirty.has(id)) this.deleted.add(id);
      this.log.error({ err: error }, 'probe snapshot write failed');
    }
  }
}
