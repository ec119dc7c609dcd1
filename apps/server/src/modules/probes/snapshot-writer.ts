// Persists the probe snapshot in batches (docs/storage.md (Probe snapshot): state survives a restart). Reports only mark a
// probe dirty; a timer writes every dirty probe's latest record, so 50,000 reports a second cost at
// most one row write per probe per interval. Writes go in small transactions with a turn of the event
// loop between them: better-sqlite3 is synchronous, and one 10,000-row write would stall every
// socket for ~100 ms (measured), which the live feed's latency target cannot afford.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { BatchWriter, forEachStatement, writeInChunks, type ChunkLimits } from '../../db/batch-writer.js';
import { batchGateOf } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ProbeRecord } from '../../engine/probe-record.js';
import { deleteProbeRecords, saveProbeRecords } from './probes.queries.js';

export class SnapshotWriter {
  private readonly dirty = new Set<string>();
  private readonly deleted = new Set<string>();
  private readonly writer: BatchWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly lookup: (probeID: string) => ProbeRecord | undefined,
    private readonly log: FastifyBaseLogger,
    intervalMs = 5000,
    private readonly limits: ChunkLimits = { rowsPerTransaction: 250, rowsPerStatement: 50 },
  ) {
    this.writer = new BatchWriter(() => this.writePending(), intervalMs);
  }

  start(): void {
    this.writer.start();
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
    return this.writer.flush();
  }

  stop(): Promise<void> {
    return this.writer.stop();
  }

  private async writePending(): Promise<void> {
    if (this.dirty.size === 0 && this.deleted.size === 0) return;
    // Only the IDs are taken now; each chunk looks its records up when its turn comes. Looking up 100,000
    // records here held the timer's task for 23–41 ms of CPU (docs/security.md "Probe data bounds").
    const dirty = [...this.dirty];
    const deleted = [...this.deleted];
    this.dirty.clear();
    this.deleted.clear();
    const now = new Date().toISOString();
    let failure: unknown;
    let written = 0;
    try {
      await deleteProbeRecords(this.db, deleted);
      // Each row is a whole record (its latest state), so the chunks need no common transaction; each chunk is
      // one for speed. A probe deleted meanwhile is skipped (its deletion is pending for the next flush anyway).
      ({ written, error: failure } = await writeInChunks(
        dirty,
        this.limits,
        (next) =>
          this.db
            .transaction()
            .execute((trx) => forEachStatement(next, (ids) => saveProbeRecords(trx, this.recordsOf(ids), now))),
        batchGateOf(this.db),
      ));
    } catch (error) {
      failure = error;
      for (const id of deleted) if (!this.dirty.has(id)) this.deleted.add(id);
    }
    if (failure === undefined) return;
    // Keep them pending: the next flush tries again (a probe may have moved on meanwhile; its latest state is written).
    for (const id of dirty.slice(written)) if (!this.deleted.has(id)) this.dirty.add(id);
    this.log.error({ err: failure }, 'probe snapshot write failed');
  }

  private recordsOf(ids: readonly string[]): ProbeRecord[] {
    const records: ProbeRecord[] = [];
    for (const id of ids) {
      const record = this.lookup(id);
      if (record) records.push(record);
    }
    return records;
  }
}
