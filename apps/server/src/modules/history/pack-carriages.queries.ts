// A pack's carriages a page at a time (docs/history.md), in the order of the pack index (migration 0004-history).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CarriageRow } from './history.queries.js';

/** Where a page of a pack's carriages starts: after this carriage, in (from_minute, probe_key) order. */
export interface CarriageKey {
  fromMinute: number;
  probeKey: number;
}

/** Up to `limit` of the pack's carriages after `after`, in (from_minute, probe_key) order (the pack index's order). */
export async function selectPackCarriages(
  db: Kysely<Database>,
  packId: number,
  after: CarriageKey | undefined,
  limit: number,
): Promise<CarriageRow[]> {
  let query = db.selectFrom('history_carriages').selectAll().where('pack_id', '=', packId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('from_minute', '>', after.fromMinute),
        eb.and([eb('from_minute', '=', after.fromMinute), eb('probe_key', '>', after.probeKey)]),
      ]),
    );
  }
  return query.orderBy('from_minute').orderBy('probe_key').limit(limit).execute();
}
