// Writes finished minutes in batches, off the report path (docs/history.md): each flush takes what the
// recorder finished and writes it in transactions of a few hundred rows with a turn of the event loop
// between them (better-sqlite3 is synchronous: one 10,000-row write would stall every socket). A
// minute whose place (stage, AGV, pack) differs from its probe's previous minute starts a carriage.
import type { Assignment } from '@bpm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { writeInChunks, type ChunkLimits, type NextRows } from '../../db/batch-writer.js';
import { batchGateOf } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { toRow, type MinuteRow, type OpenMinute } from './history-aggregate.js';
import type { HistoryRecorder } from './history-recorder.js';
import {
  insertCarriages,
  insertMinutes,
  insertProbeKeys,
  loadLatestCarriage,
  loadNames,
  loadProbeKeys,
  nameKinds,
  upsertNames,
  type CarriageRow,
  type NameRow,
} from './history.queries.js';

/** Minutes kept waiting while the database refuses writes (~10 minutes of 10,000 probes); older ones are dropped. */
const maxPending = 100_000;
/** A pack's last_minute (search order, pruning) is refreshed at most this often while it stays put. */
const packSeenRefreshMinutes = 10;

export const placeKey = (a: Assignment | null): string =>
  `${a?.buildStage?.id ?? ''}|${a?.agv?.id ?? ''}|${a?.batteryPack?.id ?? ''}`;

export class HistoryWriter {
  private readonly keys = new Map<string, number>();
  private readonly ids = new Map<number, string>();
  /** Each probe's current carriage place (placeKey), as written. */
  private readonly places = new Map<number, string>();
  /** Names as written, by `${kind}:${id}`. */
  private readonly names = new Map<string, { name: string; lastMinute: number }>();
  private pending: OpenMinute[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly recorder: HistoryRecorder,
    private readonly log: FastifyBaseLogger,
    /** Told the earliest minute of each committed batch (the hourly roll-up redoes an hour written late). */
    private readonly minutesWritten: (fromMinute: number) => void = () => {},
    // A few ms per transaction (bench/history.bench.ts); a probe's first write also inserts its key and names.
    private readonly limits: ChunkLimits = { rowsPerTransaction: 100, rowsPerStatement: 25 },
  ) {}

  async load(): Promise<void> {
    for (const row of await loadProbeKeys(this.db)) this.remember(row.probe_id, row.probe_key);
    // One seek per probe: a 30-day plant holds millions of carriages, which one statement would walk.
    for (const key of this.ids.keys()) {
      const c = await loadLatestCarriage(this.db, key);
      if (c) this.places.set(key, `${c.stage_id ?? ''}|${c.agv_id ?? ''}|${c.pack_id ?? ''}`);
    }
    for (const n of await loadNames(this.db, [nameKinds.stage, nameKinds.agv])) {
      this.names.set(`${n.kind}:${n.id}`, { name: n.name, lastMinute: n.last_minute });
    }
  }

  keyOf(probeID: string): number | undefined {
    return this.keys.get(probeID);
  }

  probeIdOf(key: number): string | undefined {
    return this.ids.get(key);
  }

  allKeys(): number[] {
    return [...this.ids.keys()];
  }

  /** The place a probe's stored history was last written with (its open carriage). */
  placeOf(probeID: string): string | undefined {
    const key = this.keys.get(probeID);
    return key === undefined ? undefined : this.places.get(key);
  }

  /** Forgets cached pack names last seen before `cutoff` (they were pruned from the table). */
  forgetPacksBefore(cutoff: number): void {
    for (const [k, v] of this.names) if (k.startsWith(`${nameKinds.pack}:`) && v.lastMinute < cutoff) this.names.delete(k);
  }

  /** Nothing finished is waiting to be written. */
  idle(): boolean {
    return this.pending.length === 0;
  }

  /** Writes everything finished so far; flushes never overlap, so minutes are written in order. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writePending());
    return this.writing;
  }

  private async writePending(): Promise<void> {
    const finished = this.recorder.takeFinished();
    if (finished.length > 0) this.pending = this.pending.length === 0 ? finished : this.pending.concat(finished);
    if (this.pending.length > maxPending) {
      this.log.error(
        `history: ${this.pending.length - maxPending} minutes dropped, the database has refused writes for too long`,
      );
      this.pending = this.pending.slice(this.pending.length - maxPending);
    }
    const { written, error } = await writeInChunks(
      this.pending,
      this.limits,
      (next) => this.writeChunk(next),
      batchGateOf(this.db),
    );
    this.pending = this.pending.slice(written);
    // What was not written stays pending: the next flush tries again.
    if (error !== undefined) this.log.error({ err: error }, 'history write failed');
  }

  /** One transaction: statements of minutes from `next` until it gives none (docs/storage.md (Batched writes)). */
  private async writeChunk(next: NextRows<OpenMinute>): Promise<void> {
    await this.db
      .transaction()
      .execute(async (trx) => {
        const newKeys = new Map<string, number>();
        const places = new Map<number, string>();
        const names = new Map<string, NameRow>();
        let firstMinute = Infinity;
        for (let chunk = next(); chunk; chunk = next()) {
          const unknown = [...new Set(chunk.map((m) => m.probeID).filter((id) => !this.keys.has(id) && !newKeys.has(id)))];
          for (const row of await insertProbeKeys(trx, unknown)) newKeys.set(row.probe_id, row.probe_key);

          const rows: Array<MinuteRow & { probe_key: number }> = [];
          const carriages: CarriageRow[] = [];
          const statementNames = new Map<string, NameRow>();
          for (const m of chunk) {
            const key = this.keys.get(m.probeID) ?? newKeys.get(m.probeID)!;
            rows.push({ probe_key: key, ...toRow(m) });
            firstMinute = Math.min(firstMinute, m.minute);
            const place = placeKey(m.assignment);
            if ((places.get(key) ?? this.places.get(key)) !== place) {
              const a = m.assignment;
              carriages.push({
                probe_key: key,
                from_minute: m.minute,
                pack_id: a?.batteryPack?.id ?? null,
                stage_id: a?.buildStage?.id ?? null,
                agv_id: a?.agv?.id ?? null,
              });
              places.set(key, place);
            }
            this.noteName(names, statementNames, nameKinds.stage, m.assignment?.buildStage, m.minute, false);
            this.noteName(names, statementNames, nameKinds.agv, m.assignment?.agv, m.minute, false);
            this.noteName(names, statementNames, nameKinds.pack, m.assignment?.batteryPack, m.minute, true);
          }
          await insertMinutes(trx, rows);
          await insertCarriages(trx, carriages);
          await upsertNames(trx, [...statementNames.values()]);
        }
        // Only once the transaction commits does memory say it is written.
        return () => {
          this.minutesWritten(firstMinute);
          for (const [probeID, key] of newKeys) this.remember(probeID, key);
          for (const [key, place] of places) this.places.set(key, place);
          for (const n of names.values()) this.names.set(`${n.kind}:${n.id}`, { name: n.name, lastMinute: n.last_minute });
        };
      })
      .then((commit) => commit());
  }

  /** Notes a name to write if it is new or renamed (or a pack's last minute is due): in `names`, the transaction's, and `statement`. */
  private noteName(
    names: Map<string, NameRow>,
    statement: Map<string, NameRow>,
    kind: number,
    ref: { id: number; name: string } | null | undefined,
    minute: number,
    refreshSeen: boolean,
  ): void {
    if (!ref) return;
    const k = `${kind}:${ref.id}`;
    const written = names.get(k) ?? this.names.get(k);
    const lastMinute = written && 'last_minute' in written ? written.last_minute : written?.lastMinute;
    if (written && written.name === ref.name && (!refreshSeen || minute - lastMinute! < packSeenRefreshMinutes)) return;
    const row = { kind, id: ref.id, name: ref.name, last_minute: Math.max(minute, lastMinute ?? minute) };
    names.set(k, row);
    statement.set(k, row);
  }

  private remember(probeID: string, key: number): void {
    this.keys.set(probeID, key);
    this.ids.set(key, probeID);
  }
}
