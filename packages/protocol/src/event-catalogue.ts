// The probe event catalogue of docs/probe-data.md (Event catalogue), as data shared by the engine, the web app and the tests.
// No zod here: the compact decoder (live-compact.ts) needs it and nothing of the schemas (events.ts adds them).

export const eventTypes = ['Critical', 'Warning', 'Info', 'Success'] as const;
export type EventType = (typeof eventTypes)[number];

/**
 * When an event goes to suppressedEvents instead of events:
 * - never: 0–1 and 20–23;
 * - notMonitoring: temperature (10–14) and thermocouple (32–33) events while no pack is assigned;
 * - notExpectingCAN: CAN events (30–31) while not monitoring or monitoring without expectingCANData.
 */
export type SuppressionRule = 'never' | 'notMonitoring' | 'notExpectingCAN';

export interface EventDefinition {
  code: number;
  type: EventType;
  persistent: boolean;
  cancels: number[];
  suppression: SuppressionRule;
  /** Message with {placeholders} filled by formatEventMessage. */
  template: string;
}

const def = (
  code: number,
  type: EventType,
  persistent: boolean,
  cancels: number[],
  suppression: SuppressionRule,
  template: string,
): EventDefinition => ({ code, type, persistent, cancels, suppression, template });

export const eventCodes = {
  watchdog: 0,
  reporting: 1,
  temperatureHighWarning: 10,
  temperatureHighPanic: 11,
  temperatureLowWarning: 12,
  temperatureLowPanic: 13,
  temperatureInRange: 14,
  batteryWarning: 20,
  batteryPanic: 21,
  batteryRecovered: 22,
  chargingStarted: 23,
  canMissing: 30,
  canRestored: 31,
  thermocoupleInvalid: 32,
  thermocoupleRestored: 33,
  assigned: 40,
  unassigned: 41,
} as const;

export const eventCatalogue: readonly EventDefinition[] = [
  def(0, 'Critical', true, [1], 'never', 'No report for over {timeoutSeconds} s'),
  def(1, 'Success', false, [0], 'never', 'Probe reporting again'),
  def(10, 'Warning', true, [11, 12, 13], 'notMonitoring', '{reading} temperature {value} °C above warning {threshold} °C'),
  def(11, 'Critical', true, [10, 12, 13], 'notMonitoring', '{reading} temperature {value} °C above alarm {threshold} °C'),
  def(12, 'Warning', true, [10, 11, 13], 'notMonitoring', '{reading} temperature {value} °C below warning {threshold} °C'),
  def(13, 'Critical', true, [10, 11, 12], 'notMonitoring', '{reading} temperature {value} °C below alarm {threshold} °C'),
  def(14, 'Success', false, [10, 11, 12, 13], 'notMonitoring', 'Temperature back in range'),
  def(20, 'Warning', true, [21], 'never', 'Battery {value} % at or below warning {threshold} %'),
  def(21, 'Critical', true, [20], 'never', 'Battery {value} % at or below alarm {threshold} %'),
  def(22, 'Success', false, [20, 21], 'never', 'Battery back above warning'),
  def(23, 'Info', false, [], 'never', 'Charging started'),
  def(30, 'Warning', true, [], 'notExpectingCAN', 'CAN data expected but missing or invalid'),
  def(31, 'Success', false, [30], 'notExpectingCAN', 'CAN data restored'),
  def(32, 'Warning', true, [], 'notMonitoring', 'Thermocouple reading invalid'),
  def(33, 'Success', false, [32], 'notMonitoring', 'Thermocouple reading restored'),
  def(40, 'Info', false, [], 'never', 'Assigned to {batteryPack} at {buildStage} on {agv}'),
  def(41, 'Info', false, [], 'never', 'Unassigned'),
];

const byCode = new Map(eventCatalogue.map((d) => [d.code, d]));

export function eventDefinition(code: number): EventDefinition {
  const found = byCode.get(code);
  if (!found) throw new Error(`Unknown event code ${code}`);
  return found;
}

/**
 * Each template split once into literal text and parameter names (even indices text, odd ones names): the
 * engine formats a message for every rule that holds on every report, and a regular expression replace
 * with a callback per message was most of that cost (docs/decisions/probes.md#event-messages-filled-once).
 */
const templateParts = new Map(eventCatalogue.map((d) => [d.code, d.template.split(/\{(\w+)\}/)]));
/** Messages without parameters, made once per code. */
const plainMessages = new Map<number, string>();

/** The template with each {name} replaced by params[name]; a name params lacks stays as written. */
export function formatEventMessage(code: number, params?: Record<string, string | number>): string {
  if (params === undefined) {
    let message = plainMessages.get(code);
    if (message === undefined) plainMessages.set(code, (message = fillTemplate(code, {})));
    return message;
  }
  return fillTemplate(code, params);
}

function fillTemplate(code: number, params: Record<string, string | number>): string {
  const parts = templateParts.get(code);
  if (parts === undefined) throw new Error(`Unknown event code ${code}`);
  let message = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    message += (name in params ? String(params[name]) : `{${name}}`) + parts[i + 1]!;
  }
  return message;
}
