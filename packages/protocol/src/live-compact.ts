// The compact live format (docs/live-feed-compact.md): what a client that asks for the `bpm.compact.v1`
// WebSocket subprotocol receives instead of probeData. Probes travel as short records of field texts;
// after the snapshot each flush carries only the fields changed since the previous flush. Every other
// message (systemConfig, probeDeletion and any later type) stays the spec's JSON.
// Nothing here imports zod (values come from event-catalogue.ts and probe-states.ts; probes.ts only for
// types): a client may import this module alone, as `@bpm/protocol/live-compact`.
import { eventCatalogue, formatEventMessage, type EventDefinition } from './event-catalogue.js';
import type { Probe } from './probes.js';
import { stateStrings } from './probe-states.js';

export const compactSubprotocol = 'bpm.compact.v1';

/** A probe's compact fields, in this order; `i` (handle) and `id` come first in every record. */
export const compactFieldKeys = ['f', 's', 'w', 'b', 'a', 'r', 'p', 'g', 'e', 'x', 'o'] as const;
export type CompactFieldKey = (typeof compactFieldKeys)[number];
/** JSON text of each field, in compactFieldKeys order (`o` is '' when the probe has no other keys). */
export type CompactFieldTexts = string[];

/** Values a full record leaves out (the decoder starts from them). */
const defaultTexts: Partial<Record<CompactFieldKey, string>> = {
  s: '1',
  b: '0',
  a: '0',
  r: '0',
  p: '0',
  g: '0',
  e: '[]',
  x: '[]',
  o: '',
};
const fieldDefaults: (string | undefined)[] = compactFieldKeys.map((k) => defaultTexts[k]);

/** A compact record: handle, the probe ID when the record is full outside a snapshot, and the fields. */
export interface CompactRecord {
  i: number;
  id?: string;
  f?: string;
  s?: number | [number, string];
  w?: number | string;
  b?: number;
  a?: 0 | unknown[];
  r?: 0 | [number | string, unknown[]];
  p?: number;
  g?: 0 | [number | null, number | null];
  e?: unknown[];
  x?: unknown[];
  o?: Record<string, unknown>;
}

/** Probe data in compact form: `c: 's'` a snapshot part (part 0 carries the epoch and the handle table), `c: 'd'` an update. */
export type CompactMessage =
  | { c: 's'; n: [part: number, parts: number]; t?: number; ids?: (string | null)[]; p: CompactRecord[] }
  | { c: 'd'; p: CompactRecord[] };

const knownProbeKeys = new Set([
  'probeID',
  'firmwareVersion',
  'state',
  'watchdogExpiry',
  'isMonitoring',
  'expectingCANData',
  'assignment',
  'report',
  'batteryPercentage',
  'batteryCharging',
  'longitude',
  'latitude',
  'events',
  'suppressedEvents',
]);
const origins = ['CAN', 'Thermocouple'];
const catalogue = new Map<number, EventDefinition>(eventCatalogue.map((d) => [d.code, d]));

/** Each catalogue message template as its parameter names and a pattern that captures their values. */
interface Template {
  names: string[];
  pattern: RegExp;
}
const templates = new Map<number, Template>(
  eventCatalogue.map((d) => {
    const names = [...d.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const literal = d.template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return [d.code, { names, pattern: new RegExp(`^${literal.join('(.*?)')}$`, 's') }];
  }),
);

// ---- encoding (server) ----

/** An ISO time as milliseconds after the epoch of the stream when it converts back exactly, else the string. */
function encodeTime(iso: string, epochMs: number): number | string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && new Date(ms).toISOString() === iso ? ms - epochMs : iso;
}

/**
 * A time conversion keeping its last answer. One flush meets the same time probe after probe (a batch's reports share
 * a receipt time, hence a watchdog expiry, and a gateway stamps its batch with one time): on the server, parsing and
 * formatting each back was ~2 % of the CPU at full ingest (docs/decisions/probes.md#times-parsed-and-formatted-once); in the live
 * worker, formatting each back to text was a fifth of its CPU (docs/decisions/probes.md#times-parsed-and-formatted-once). One per
 * field and direction, since expiries and report times alternate.
 */
class LastTime<T extends number | string> {
  private value: T | undefined;
  private epochMs = 0;
  private answer = '';

  constructor(private readonly convert: (value: T, epochMs: number) => string) {}

  of(value: T, epochMs: number): string {
    if (value !== this.value || epochMs !== this.epochMs) {
      this.answer = this.convert(value, epochMs);
      this.value = value;
      this.epochMs = epochMs;
    }
    return this.answer;
  }
}
/** Encoded times as JSON text. */
const encodedTime = (iso: string, epochMs: number) => JSON.stringify(encodeTime(iso, epochMs));
const expiryTimes = new LastTime(encodedTime);
const reportTimes = new LastTime(encodedTime);

function hasExactly(value: object, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => k in value);
}

const refKeys = ['id', 'name'];
function encodeRef(ref: unknown): unknown {
  if (ref === null) return 0;
  const r = ref as { id: number; name: string };
  return hasExactly(r, refKeys) ? [r.id, r.name] : r;
}

const readingKeys = ['origin', 'temperature', 'valid'];
function encodeReading(reading: unknown): unknown {
  const r = reading as { origin: string; temperature: number; valid: boolean };
  const origin = origins.indexOf(r.origin);
  return origin >= 0 && typeof r.valid === 'boolean' && hasExactly(r, readingKeys) ? [origin, r.temperature, r.valid ? 1 : 0] : r;
}

/** A message parameter as a number when its text is exactly that number's, else the text. */
const paramValue = (text: string): string | number => {
  const n = Number(text);
  return text !== '' && String(n) === text ? n : text;
};

const eventKeys = ['event', 'eventString', 'eventType', 'eventPersistent', 'eventsCancelled'];
/**
 * The code alone (a message without parameters) or [code, ...parameter values] when the rest is the
 * catalogue's definition and the message is its template filled in (checked by filling it in again);
 * otherwise the event as sent (extra fields kept).
 */
function encodeEvent(event: unknown): unknown {
  const e = event as {
    event: number;
    eventString: string;
    eventType: string;
    eventPersistent: boolean;
    eventsCancelled: { id: number }[];
  };
  const d = catalogue.get(e.event);
  if (
    !d ||
    !hasExactly(e, eventKeys) ||
    e.eventType !== d.type ||
    e.eventPersistent !== d.persistent ||
    e.eventsCancelled.length !== d.cancels.length ||
    e.eventsCancelled.some((c, i) => !hasExactly(c, ['id']) || c.id !== d.cancels[i])
  )
    return e;
  const template = templates.get(e.event)!;
  const match = template.pattern.exec(e.eventString);
  if (!match) return e;
  const values = match.slice(1).map(paramValue);
  if (eventMessage(e.event, values) !== e.eventString) return e;
  return values.length === 0 ? e.event : [e.event, ...values];
}

function eventMessage(code: number, values: readonly (string | number)[]): string {
  const names = templates.get(code)!.names;
  return formatEventMessage(code, Object.fromEntries(names.map((name, i) => [name, values[i]!])));
}

/** The probe's fields as JSON texts, compared field by field between flushes. */
export function encodeCompactFields(probe: Probe, epochMs: number): CompactFieldTexts {
  const { state, assignment, report } = probe;
  const flags = (probe.isMonitoring ? 1 : 0) | (probe.expectingCANData ? 2 : 0) | (probe.batteryCharging ? 4 : 0);
  const noAssignment = assignment.buildStage === null && assignment.agv === null && assignment.batteryPack === null;
  let other: Record<string, unknown> | null = null;
  for (const key of Object.keys(probe)) {
    if (!knownProbeKeys.has(key)) (other ??= {})[key] = (probe as Record<string, unknown>)[key];
  }
  return [
    JSON.stringify(probe.firmwareVersion),
    stateStrings[state.state] === state.stateString ? String(state.state) : JSON.stringify([state.state, state.stateString]),
    expiryTimes.of(probe.watchdogExpiry, epochMs),
    String(flags),
    noAssignment
      ? '0'
      : JSON.stringify([encodeRef(assignment.buildStage), encodeRef(assignment.agv), encodeRef(assignment.batteryPack)]),
    report === null
      ? '0'
      : `[${reportTimes.of(report.timestamp, epochMs)},${JSON.stringify(report.readings.map(encodeReading))}]`,
    JSON.stringify(probe.batteryPercentage),
    probe.longitude === null && probe.latitude === null ? '0' : JSON.stringify([probe.longitude, probe.latitude]),
    JSON.stringify(probe.events.map(encodeEvent)),
    JSON.stringify(probe.suppressedEvents.map(encodeEvent)),
    other ? JSON.stringify(other) : '',
  ];
}

/**
 * One record's JSON: every field when `previous` is null (defaults left out), else only the fields whose
 * text differs from `previous` (an update with no changed field is still an update: `{"i":7}`).
 */
export function compactRecordText(
  handle: number,
  id: string | null,
  fields: CompactFieldTexts,
  previous: CompactFieldTexts | null,
): string {
  let text = id === null ? `{"i":${handle}` : `{"i":${handle},"id":${JSON.stringify(id)}`;
  for (let k = 0; k < fields.length; k += 1) {
    const value = fields[k]!;
    if (previous ? previous[k] === value : value === fieldDefaults[k]) continue;
    // A changed `o` back to "no other keys" is sent as an empty object.
    text += `,"${compactFieldKeys[k]}":${value === '' ? '{}' : value}`;
  }
  return text + '}';
}

// ---- decoding (client) ----

const decodedTime = (ms: number, epochMs: number) => new Date(ms + epochMs).toISOString();
const decodedExpiries = new LastTime(decodedTime);
const decodedReportTimes = new LastTime(decodedTime);

/** A time as encodeTime sent it: milliseconds after the stream's epoch, or the text as it came. */
function decodeTime(value: number | string, times: LastTime<number>, epochMs: number): string {
  return typeof value === 'number' ? times.of(value, epochMs) : value;
}

function decodeRef(ref: unknown): Probe['assignment']['agv'] {
  if (ref === 0 || ref === null) return null;
  if (Array.isArray(ref)) return { id: ref[0] as number, name: ref[1] as string };
  return ref as Probe['assignment']['agv'];
}

function decodeReading(reading: unknown): NonNullable<Probe['report']>['readings'][number] {
  if (!Array.isArray(reading)) return reading as NonNullable<Probe['report']>['readings'][number];
  return {
    origin: origins[reading[0] as number] as 'CAN' | 'Thermocouple',
    temperature: reading[1] as number,
    valid: reading[2] === 1,
  };
}

function decodeEvent(event: unknown): Probe['events'][number] {
  if (typeof event !== 'number' && !Array.isArray(event)) return event as Probe['events'][number];
  const [code, ...values] = typeof event === 'number' ? [event] : (event as [number, ...(string | number)[]]);
  const d = catalogue.get(code)!;
  return {
    event: d.code,
    eventString: eventMessage(code, values),
    eventType: d.type,
    eventPersistent: d.persistent,
    eventsCancelled: d.cancels.map((id) => ({ id })),
  };
}

/** The probe a record describes: `previous` with the record's fields applied, or, without `previous`, the defaults. */
export function decodeCompactRecord(record: CompactRecord, probeID: string, previous: Probe | undefined, epochMs: number): Probe {
  const base: Probe = previous ?? {
    probeID,
    firmwareVersion: '',
    state: { state: 1, stateString: 'Normal' },
    watchdogExpiry: '',
    isMonitoring: false,
    expectingCANData: false,
    assignment: { buildStage: null, agv: null, batteryPack: null },
    report: null,
    batteryPercentage: 0,
    batteryCharging: false,
    longitude: null,
    latitude: null,
    events: [],
    suppressedEvents: [],
  };
  const flags = record.b ?? (previous ? -1 : 0);
  const probe: Probe = {
    probeID,
    firmwareVersion: record.f ?? base.firmwareVersion,
    state:
      record.s === undefined
        ? base.state
        : typeof record.s === 'number'
          ? { state: record.s, stateString: stateStrings[record.s]! }
          : { state: record.s[0], stateString: record.s[1] },
    watchdogExpiry: record.w === undefined ? base.watchdogExpiry : decodeTime(record.w, decodedExpiries, epochMs),
    isMonitoring: flags < 0 ? base.isMonitoring : (flags & 1) !== 0,
    expectingCANData: flags < 0 ? base.expectingCANData : (flags & 2) !== 0,
    assignment:
      record.a === undefined
        ? base.assignment
        : record.a === 0
          ? { buildStage: null, agv: null, batteryPack: null }
          : { buildStage: decodeRef(record.a[0]), agv: decodeRef(record.a[1]), batteryPack: decodeRef(record.a[2]) },
    report:
      record.r === undefined
        ? base.report
        : record.r === 0
          ? null
          : { timestamp: decodeTime(record.r[0], decodedReportTimes, epochMs), readings: record.r[1].map(decodeReading) },
    batteryPercentage: record.p ?? base.batteryPercentage,
    batteryCharging: flags < 0 ? base.batteryCharging : (flags & 4) !== 0,
    longitude: record.g === undefined ? base.longitude : record.g === 0 ? null : record.g[0],
    latitude: record.g === undefined ? base.latitude : record.g === 0 ? null : record.g[1],
    events: record.e === undefined ? base.events : record.e.map(decodeEvent),
    suppressedEvents: record.x === undefined ? base.suppressedEvents : record.x.map(decodeEvent),
  };
  // Keys the format does not know travel in `o` (a full record starts without them).
  const other = record.o ?? (previous && withOtherKeys.has(previous) ? otherKeys(previous) : undefined);
  if (!other || Object.keys(other).length === 0) return probe;
  withOtherKeys.add(probe);
  return Object.assign(probe, other);
}

/** The decoded probes that carry keys the format does not know: a delta without `o` keeps them (checked per record). */
const withOtherKeys = new WeakSet<Probe>();

function otherKeys(probe: Probe): Record<string, unknown> | undefined {
  let other: Record<string, unknown> | undefined;
  for (const key of Object.keys(probe)) {
    if (!knownProbeKeys.has(key)) (other ??= {})[key] = (probe as Record<string, unknown>)[key];
  }
  return other;
}

/** Is this parsed message compact probe data (rather than a spec message with `messageType`)? */
export function isCompactMessage(message: unknown): message is CompactMessage {
  const c = (message as { c?: unknown } | null)?.c;
  return (c === 's' || c === 'd') && Array.isArray((message as { p?: unknown }).p);
}

/**
 * The client's side of one compact stream: the handle table and the epoch. A snapshot's part 0 replaces both.
 * `decodeRecord` decodes against the caller's last state of the probe, so a client keeps each probe once (the web
 * client's probe store does: docs/architecture.md (One probe report, end to end)); `decode` keeps them here.
 */
export class CompactDecoder {
  private ids: (string | null)[] = [];
  private epochMs = 0;
  private readonly probes = new Map<string, Probe>();
  private readonly lastOf = (probeID: string) => this.probes.get(probeID);

  /** The probes of a compact message as full Probes, and for a snapshot's part 0 every probe ID it lists. */
  decode(message: CompactMessage): { probes: Probe[]; snapshotIDs?: string[] } {
    const snapshotIDs = this.start(message);
    if (snapshotIDs) this.probes.clear();
    const probes: Probe[] = [];
    for (const record of message.p) {
      const probe = this.decodeRecord(message, record, this.lastOf);
      if (!probe) continue;
      this.probes.set(probe.probeID, probe);
      probes.push(probe);
    }
    return snapshotIDs ? { probes, snapshotIDs } : { probes };
  }

  /**
   * The first step of decoding a message record by record: a snapshot's part 0 replaces the handle table and the
   * epoch, and its probe IDs are answered; undefined for any other message.
   */
  start(message: CompactMessage): string[] | undefined {
    if (message.c !== 's' || message.n[0] !== 0) return undefined;
    this.ids = message.ids ?? [];
    this.epochMs = message.t ?? 0;
    return this.ids.filter((id): id is string => id !== null);
  }

  /**
   * One record of `message` (after start) as the probe it describes: a delta applied to `lastOf(probeID)`, a full
   * record (every snapshot record, and one with `id`) to the defaults; undefined for a record of an ended handle.
   */
  decodeRecord(message: CompactMessage, record: CompactRecord, lastOf: (probeID: string) => Probe | undefined): Probe | undefined {
    // A full record that names its probe: a new handle, or a catch-up after falling behind.
    if (record.id !== undefined) this.ids[record.i] = record.id;
    const id = this.ids[record.i];
    if (id === undefined || id === null) return undefined;
    const full = message.c === 's' || record.id !== undefined;
    return decodeCompactRecord(record, id, full ? undefined : lastOf(id), this.epochMs);
  }

  /** A probeDeletion: the probes and their handles are gone. */
  forget(probeIDs: readonly string[]): void {
    const gone = new Set(probeIDs);
    for (const id of gone) this.probes.delete(id);
    this.ids = this.ids.map((id) => (id !== null && gone.has(id) ? null : id));
  }
}
