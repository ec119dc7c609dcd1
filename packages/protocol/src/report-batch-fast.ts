// The hot path of POST /probes/reports (docs/decisions/live-format.md#batch-checked-in-place): checks a freshly parsed
// batch against the rules of probeReportBatchSchema without copying it, filling in the same defaults in
// place. It only ever answers "valid, here it is" or "not sure": anything it does not accept goes to the
// zod schema, which decides and names the problem. So it can never accept what the schema refuses (a
// property test holds it to that), and the 400 answers are the schema's.
import { z } from 'zod';
import { ExactKeys, prototypeHasEnumerableKeys } from './exact-keys.js';
import { maxReportsPerBatch, type ProbeReport } from './reports.js';
import { hiddenCharacter } from './text.js';

const timestampSchema = z.iso.datetime({ offset: true });
/** probeIdSchema's rules (reports.ts): 1 to 64 of these characters, at least one a letter or digit. */
const probeIdPattern = /^[A-Za-z0-9._-]+$/;
const probeIdLetterOrDigit = /[A-Za-z0-9]/;
const reportKeys = new ExactKeys([
  'probeID',
  'firmwareVersion',
  'timestamp',
  'readings',
  'batteryPercentage',
  'batteryCharging',
  'latitude',
  'longitude',
  'assignment',
]);
const readingKeys = new ExactKeys(['origin', 'temperature', 'valid']);
const assignmentKeys = new ExactKeys(['buildStage', 'agv', 'batteryPack', 'expectingCANData']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Whether Object.prototype has enumerable keys, asked once per batch (see ExactKeys.holds). */
let inherited = false;
const onlyKeys = (v: Record<string, unknown>, keys: ExactKeys) => keys.holds(v, inherited);
const isNumberIn = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

const refKeys = new ExactKeys(['id', 'name']);
function isNamedRef(v: unknown): boolean {
  if (v === null) return true;
  if (!isObject(v) || !onlyKeys(v, refKeys)) return false;
  return Number.isSafeInteger(v.id) && typeof v.name === 'string' && v.name.length <= 200 && !hiddenCharacter.test(v.name);
}

/** The last timestamp text the schema accepted: a batch's reports are often stamped alike, and the same text need not be checked again. */
let acceptedTimestamp: unknown;

/** Valid by the schema's rules? Fills the schema's defaults in place as it goes. */
function acceptReport(v: unknown): v is ProbeReport {
  if (!isObject(v) || !onlyKeys(v, reportKeys)) return false;
  const id = v.probeID;
  if (typeof id !== 'string' || id.length < 1 || id.length > 64 || !probeIdPattern.test(id) || !probeIdLetterOrDigit.test(id))
    return false;
  if (v.firmwareVersion !== undefined && (typeof v.firmwareVersion !== 'string' || v.firmwareVersion.length > 64)) return false;
  if (v.timestamp !== undefined && v.timestamp !== acceptedTimestamp) {
    if (!timestampSchema.safeParse(v.timestamp).success) return false;
    acceptedTimestamp = v.timestamp;
  }
  if (v.batteryPercentage !== undefined && !isNumberIn(v.batteryPercentage, 0, 100)) return false;
  if (v.batteryCharging !== undefined && typeof v.batteryCharging !== 'boolean') return false;
  if (v.latitude !== undefined && !isNumberIn(v.latitude, -90, 90)) return false;
  if (v.longitude !== undefined && !isNumberIn(v.longitude, -180, 180)) return false;
  if (v.readings === undefined) v.readings = [];
  const readings = v.readings;
  if (!Array.isArray(readings) || readings.length > 8) return false;
  for (const r of readings as unknown[]) {
    if (!isObject(r) || !onlyKeys(r, readingKeys)) return false;
    if ((r.origin !== 'CAN' && r.origin !== 'Thermocouple') || typeof r.valid !== 'boolean') return false;
    if (typeof r.temperature !== 'number' || !Number.isFinite(r.temperature)) return false;
  }
  const a = v.assignment;
  if (a !== undefined && a !== null) {
    if (!isObject(a) || !onlyKeys(a, assignmentKeys)) return false;
    // The schema's defaults, for absent keys only (null stays null and is judged below).
    if (a.buildStage === undefined) a.buildStage = null;
    if (a.agv === undefined) a.agv = null;
    if (a.batteryPack === undefined) a.batteryPack = null;
    if (a.expectingCANData === undefined) a.expectingCANData = true;
    if (!isNamedRef(a.buildStage) || !isNamedRef(a.agv) || !isNamedRef(a.batteryPack)) return false;
    if (typeof a.expectingCANData !== 'boolean') return false;
  }
  return true;
}

/**
 * The batch (a single report counts as a batch of one) with the schema's defaults filled in, or
 * undefined when the schema must decide. The input must be freshly parsed JSON: it is completed in place.
 */
export function acceptReportBatch(data: unknown): ProbeReport[] | undefined {
  const batch = Array.isArray(data) ? data : [data];
  if (batch.length < 1 || batch.length > maxReportsPerBatch) return undefined;
  inherited = prototypeHasEnumerableKeys();
  for (const report of batch) if (!acceptReport(report)) return undefined;
  return batch as ProbeReport[];
}
