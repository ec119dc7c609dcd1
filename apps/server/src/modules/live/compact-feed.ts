// The hub's side of the compact live format (docs/live-feed-compact.md): probe handles, and each probe's
// fields as last flushed (the base every up-to-date compact socket holds). A flush encodes each changed
// probe once, and the one delta message (only fields that differ from the base) goes to every compact
// socket that keeps up; a socket that fell behind gets full records from the base. The base is kept from the
// hub's start, as probes are published (docs/decisions/dashboard.md#compact-base-at-every-flush): started by the first compact
// socket, encoding every probe at once held that socket's snapshot 150-200 ms of CPU on the event loop.
import {
  compactFieldKeys,
  compactRecordText,
  compareKeyed,
  decodeCompactRecord,
  encodeCompactFields,
  keyedProbe,
  type CompactFieldTexts,
  type CompactRecord,
  type Probe,
} from '@bpm/protocol';
import type { TurnBudget } from '../../event-loop-turns.js';

interface Base {
  handle: number;
  fields: CompactFieldTexts;
}

/**
 * Each field's text as the previous probe encoded it: a whole-plant change encodes the same texts probe after
 * probe (the same battery, state, events, a batch's times), and the base then holds one string for all of them
 * instead of ~17 per probe (strings and the concatenations that built them), which every major GC marked at
 * 100,000 probes (docs/decisions/security.md#spec-snapshot-by-handle).
 */
const lastTexts: string[] = [];

/**
 * A snapshot part stays below this many bytes, so a client parses and applies it in short steps: the browser's
 * worker parses a part in one task, ~20 ms of CPU for 1 MB, which competed with the page's first rows for a core
 * (docs/decisions/dashboard.md#snapshot-parts-of-256-kb).
 */
export const maxSnapshotPartBytes = 256 * 1024;

/**
 * Part 0 holds at most this many records beside the handle table. A dashboard paints its first rows once part 0
 * is parsed and applied, and a first screen needs ~20 rows: a part 0 filled to 1 MB (~4,000 probes) was deflated,
 * sent, parsed and decoded whole before any row showed (docs/decisions/dashboard.md#small-first-snapshot-part).
 */
export const firstSnapshotPartProbes = 250;

const stateField = compactFieldKeys.indexOf('s');

/** `state.state` from its field text: `1`, or `[state, "name"]` for an unusual name. */
function stateOf(fields: CompactFieldTexts): number {
  const text = fields[stateField]!;
  const state = text.startsWith('[') ? Number.parseInt(text.slice(1), 10) : Number(text);
  return Number.isFinite(state) ? state : 0;
}

/** A compact update message ("d") of the given record texts (docs/live-feed-compact.md). */
function updateMessage(records: readonly string[]): Buffer {
  return Buffer.from(`{"c":"d","p":[${records.join(',')}]}`);
}

export class CompactFeed {
  /** Times travel as milliseconds after this epoch (sent with every snapshot). */
  readonly epochMs = Date.now();
  private readonly base = new Map<string, Base>();
  /** handle → probe ID; a deleted probe leaves null (handles are never reused). */
  private readonly ids: (string | null)[] = [];
  /**
   * The snapshot as last started: the base only changes at a flush or a deletion, so every socket that
   * connects in between shares it (100 dashboards reconnecting after a restart cost one snapshot, not 100).
   */
  private latestSnapshot: CompactSnapshot | null = null;

  probeIDs(): IterableIterator<string> {
    return this.base.keys();
  }

  /** How many probes the base holds. */
  get size(): number {
    return this.base.size;
  }

  /** How many handles have been given out (deleted probes' included): the base's probes are idAt(0 … n - 1). */
  get handleCount(): number {
    return this.ids.length;
  }

  /** The probe a handle stands for; null once it was deleted. */
  idAt(handle: number): string | null {
    return this.ids[handle] ?? null;
  }

  has(probeID: string): boolean {
    return this.base.has(probeID);
  }

  /**
   * One changed probe of a flush: encodes it and moves its base on; answers its record for the delta message
   * (null when `withMessage` is false). The hub calls it probe by probe so that the encoding counts in its
   * slice's time budget (docs/security.md "Probe data bounds").
   */
  advance(id: string, probe: Probe, withMessage: boolean): string | null {
    this.latestSnapshot = null;
    const before = this.base.get(id);
    const fields = sharedTexts(encodeCompactFields(probe, this.epochMs), before?.fields);
    if (before) {
      const record = withMessage ? compactRecordText(before.handle, null, fields, before.fields) : null;
      before.fields = fields;
      return record;
    }
    const handle = this.handleFor(id);
    this.base.set(id, { handle, fields });
    return withMessage ? compactRecordText(handle, id, fields, null) : null;
  }

  /** The delta message of a flush's records; null if there are none. */
  deltaMessage(records: readonly string[]): Buffer | null {
    return records.length === 0 ? null : updateMessage(records);
  }

  /** Full records, with their IDs, for a socket that fell behind. */
  full(probeIDs: Iterable<string>): Buffer {
    const records: string[] = [];
    for (const id of probeIDs) {
      const base = this.base.get(id);
      if (base) records.push(compactRecordText(base.handle, id, base.fields, null));
    }
    return updateMessage(records);
  }

  /**
   * The snapshot of every probe in the base, in parts below maxSnapshotPartBytes; part 0 holds the epoch, the handle
   * table and at most firstSnapshotPartProbes records. Taken now (each probe's fields as the base holds them) and
   * encoded a budget at a time (CompactSnapshot.encode), shared by the sockets that connect before the base moves on.
   */
  snapshot(): CompactSnapshot {
    this.latestSnapshot ??= new CompactSnapshot(
      `"t":${this.epochMs},"ids":${JSON.stringify(this.ids)},`,
      this.snapshotOrder().map(({ handle, fields }) => ({ handle, id: this.ids[handle]!, fields })),
      (handle) => this.ids[handle] === null,
    );
    return this.latestSnapshot;
  }

  /**
   * Part 0's probes: the dashboard's first rows in its default order (status descending, ties by probe ID in
   * natural order: the protocol's compareKeyed, docs/screens.md (Table sorting)), so the rows painted from part 0
   * are the top of the full table unless a state changes meanwhile; then the rest in handle order. One pass buckets
   * the probes by state; only the state that part 0 cuts through is sorted.
   */
  private snapshotOrder(): Base[] {
    if (this.base.size <= firstSnapshotPartProbes) return [...this.base.values()];
    const byState = new Map<number, [string, Base][]>();
    for (const entry of this.base) {
      const state = stateOf(entry[1].fields);
      const bucket = byState.get(state);
      if (bucket) bucket.push(entry);
      else byState.set(state, [entry]);
    }
    const first = new Set<Base>();
    const byDashboardOrder = compareKeyed('desc');
    for (const state of [...byState.keys()].sort((a, b) => b - a)) {
      const room = firstSnapshotPartProbes - first.size;
      if (room === 0) break;
      const bucket = byState.get(state)!;
      const taken =
        bucket.length <= room
          ? bucket
          : bucket
              .map(([id, base]) => ({ keyed: keyedProbe(id, state), id, base }))
              .sort((a, b) => byDashboardOrder(a.keyed, b.keyed))
              .slice(0, room)
              .map(({ id, base }): [string, Base] => [id, base]);
      for (const [, base] of taken) first.add(base);
    }
    return [...first, ...[...this.base.values()].filter((base) => !first.has(base))];
  }

  /** The probe as the base holds it (the hub's latest state once its update is dropped). */
  probe(probeID: string): Probe | undefined {
    const base = this.base.get(probeID);
    if (!base) return undefined;
    const record = JSON.parse(compactRecordText(base.handle, probeID, base.fields, null)) as CompactRecord;
    return decodeCompactRecord(record, probeID, undefined, this.epochMs);
  }

  forget(probeID: string): void {
    const base = this.base.get(probeID);
    if (!base) return;
    this.latestSnapshot = null;
    this.base.delete(probeID);
    this.ids[base.handle] = null;
  }

  private handleFor(id: string): number {
    this.ids.push(id);
    return this.ids.length - 1;
  }
}

/**
 * The texts with each one replaced by an equal string already kept, when there is one: the probe's own previous
 * text of the field (unchanged fields keep their old string), else the text the previous probe encoded.
 */
function sharedTexts(fields: CompactFieldTexts, previous: CompactFieldTexts | undefined): CompactFieldTexts {
  for (let k = 0; k < fields.length; k += 1) {
    const text = fields[k]!;
    if (previous !== undefined && previous[k] === text) fields[k] = previous[k]!;
    else if (lastTexts[k] === text) fields[k] = lastTexts[k]!;
    else lastTexts[k] = text;
  }
  return fields;
}

/**
 * One compact snapshot: each probe's fields as the base held them when it was taken (a flush replaces a probe's
 * fields, it does not change them), encoded into parts over as many turns as its budget needs: encoded whole, the
 * snapshot of 100,000 probes took 652 ms (docs/decisions/security.md#compact-snapshot-in-slices).
 */
export class CompactSnapshot {
  private next = 0;
  private readonly partRecords: string[][] = [[]];
  private size: number;
  private parts: Buffer[] | null = null;

  constructor(
    private readonly head: string,
    private readonly probes: readonly { handle: number; id: string; fields: CompactFieldTexts }[],
    private readonly isDeleted: (handle: number) => boolean,
  ) {
    this.size = head.length;
  }

  /** Encodes until every probe is or the budget is spent; answers the parts once all are encoded. */
  encode(budget: TurnBudget): Buffer[] | null {
    while (this.next < this.probes.length) {
      const { handle, fields } = this.probes[this.next++]!;
      const text = compactRecordText(handle, null, fields, null);
      const bytes = Buffer.byteLength(text) + 1;
      const current = this.partRecords.at(-1)!;
      const full = this.partRecords.length === 1 && current.length >= firstSnapshotPartProbes;
      if ((full || this.size + bytes + 64 > maxSnapshotPartBytes) && current.length > 0) {
        this.partRecords.push([]);
        this.size = 0;
      }
      this.partRecords.at(-1)!.push(text);
      this.size += bytes;
      if (budget.spent()) break;
    }
    if (this.next < this.probes.length) return null;
    const count = this.partRecords.length;
    this.parts ??= this.partRecords.map((records, n) =>
      Buffer.from(`{"c":"s","n":[${n},${count}],${n === 0 ? this.head : ''}"p":[${records.join(',')}]}`),
    );
    return this.parts;
  }

  /** The probes in this snapshot that have been deleted since it was taken: their deletion must follow it. */
  deletedSince(): string[] {
    return this.probes.filter(({ handle }) => this.isDeleted(handle)).map(({ id }) => id);
  }
}
