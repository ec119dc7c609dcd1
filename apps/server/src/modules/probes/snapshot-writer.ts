// Persists the probe snapshot in batches (design §5: state survives a restart). Reports only mark a
// probe dirty; a timer writes every dirty probe's latest record in one transaction, so 50,000
// reports a second cost a few thousand row writes a second, not 50,000.
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
    private readonly intervalMs = 1000,
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
      await this.db.transaction().execute(async (trx) => {
        await saveProbeRecords(trx, records, now);
        await deleteProbeRecords(trx, deleted);
      });
    } catch (error) {
      // Keep them pending: the next flush tries again (a probe may have moved on meanwhile; its latest state is written).
      for (const r of records) if (!this.deleted.has(r.probeID)) this.dirty.add(r.probeID);
      for (const id of deleted) if (!this.dirty.has(id)) this.deleted.add(id);
      this.log.error({ err: error }, 'probe snapshot write failed');
    }
  }
}
