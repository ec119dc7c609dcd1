// Probe snapshot and system thresholds in the database; rows never leave this file.
import { defaultSystemInfo, type SystemInfo } from '@bpm/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { restoredRecord, storedRecord, type ProbeRecord } from '../../engine/probe-record.js';
import { executeRepeatedInsert } from '../../db/repeated-insert.js';

type Db = Kysely<Database>;

export async function loadProbeRecords(db: Db): Promise<ProbeRecord[]> {
  const rows = await db.selectFrom('probes').select('record').execute();
  return rows.map((row) => restoredRecord(JSON.parse(row.record) as ProbeRecord));
}

/** Upserts many records in one statement per chunk (SQLite allows 32,766 bound values). */
export async function saveProbeRecords(db: Db, records: readonly ProbeRecord[], now: string): Promise<void> {
  const chunk = 500;
  for (let i = 0; i < records.length; i += chunk) {
    const values = records.slice(i, i + chunk).map((r) => ({ probe_id: r.probeID, record: JSON.stringify(storedRecord(r)), updated_at: now }));
    await executeRepeatedInsert(db, 'saveProbeRecords', values, () =>
      db
        .insertInto('probes')
        .values(values)
        .onConflict((oc) =>
          oc
            .column('probe_id')
            .doUpdateSet((eb) => ({ record: eb.ref('excluded.record'), updated_at: eb.ref('excluded.updated_at') })),
        ),
    );
  }
}

export async function deleteProbeRecords(db: Db, probeIDs: readonly string[]): Promise<void> {
  if (probeIDs.length === 0) return;
  await db
    .deleteFrom('probes')
    .where('probe_id', 'in', [...probeIDs])
    .execute();
}

export async function loadSystemInfo(db: Db): Promise<SystemInfo> {
  const row = await db.selectFrom('system_config').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { ...defaultSystemInfo };
  return {
    timeoutSeconds: row.timeout_seconds,
    batteryLevelWarning: row.battery_level_warning,
    batteryLevelPanic: row.battery_level_panic,
    highTemperatureWarning: row.high_temperature_warning,
    highTemperaturePanic: row.high_temperature_panic,
    lowTemperatureWarning: row.low_temperature_warning,
    lowTemperaturePanic: row.low_temperature_panic,
  };
}

export async function saveSystemInfo(db: Db, info: SystemInfo, now: string): Promise<void> {
  const values = {
    timeout_seconds: info.timeoutSeconds,
    battery_level_warning: info.batteryLevelWarning,
    battery_level_panic: info.batteryLevelPanic,
    high_temperature_warning: info.highTemperatureWarning,
    high_temperature_panic: info.highTemperaturePanic,
    low_temperature_warning: info.lowTemperatureWarning,
    low_temperature_panic: info.lowTemperaturePanic,
    updated_at: now,
  };
  await db
    .insertInto('system_config')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
