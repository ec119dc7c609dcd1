// Threshold rules of docs/probe-data.md (Event rules): temperature (valid readings), battery, CAN and thermocouple validity.
// They raise into an EventBook; evaluate-report and re-evaluation share them.
import { eventCodes as codes, type Reading, type SystemInfo } from '@bpm/protocol';
import type { EventBook } from './event-book.js';

const temperatureCodes = [
  codes.temperatureHighWarning,
  codes.temperatureHighPanic,
  codes.temperatureLowWarning,
  codes.temperatureLowPanic,
];
const batteryCodes = [codes.batteryWarning, codes.batteryPanic];

const readingName = (reading: Reading) => (reading.origin === 'CAN' ? 'Internal' : 'External');
/**
 * Readings are judged and printed as the dashboard shows them, to one decimal (docs/operator-screen.md "Event
 * messages"): 55.04 °C reads "55.0", so it is not "above alarm 55 °C", and the message never disagrees with the cell.
 */
const shown = (value: number) => Number(value.toFixed(1));
const format = (value: number) => value.toFixed(1);
/**
 * `value` where it compares with each threshold as its shown value does, else the shown value. Rounding to
 * one decimal moves a value by at most 0.05 (plus the parse's half ulp), so more than 1 away from every
 * threshold it lands on the same side: the string round trip (three per report, ~3 % of the server's CPU at
 * full ingest, profiled) is only paid near a threshold.
 */
function shownNear(value: number, a: number, b: number): number {
  return Math.abs(value - a) > 1 && Math.abs(value - b) > 1 ? value : shown(value);
}

/** Above/below use strict comparisons on the shown value; with no valid reading the temperature events stay as they are. */
export function applyTemperatureRules(book: EventBook, readings: readonly Reading[], t: SystemInfo): void {
  let hottest: Reading | undefined;
  let coldest: Reading | undefined;
  for (const reading of readings) {
    if (!reading.valid) continue;
    if (!hottest || reading.temperature > hottest.temperature) hottest = reading;
    if (!coldest || reading.temperature < coldest.temperature) coldest = reading;
  }
  if (!hottest || !coldest) return;
  const raise = (code: number, reading: Reading, threshold: number) =>
    book.raise(code, { reading: readingName(reading), value: format(reading.temperature), threshold });
  // Panic outranks warning; a high panic outranks a low one (both at once means a broken probe anyway).
  const high = shownNear(hottest.temperature, t.highTemperaturePanic, t.highTemperatureWarning);
  const low = shownNear(coldest.temperature, t.lowTemperaturePanic, t.lowTemperatureWarning);
  if (high > t.highTemperaturePanic) raise(codes.temperatureHighPanic, hottest, t.highTemperaturePanic);
  else if (low < t.lowTemperaturePanic) raise(codes.temperatureLowPanic, coldest, t.lowTemperaturePanic);
  else if (high > t.highTemperatureWarning) raise(codes.temperatureHighWarning, hottest, t.highTemperatureWarning);
  else if (low < t.lowTemperatureWarning) raise(codes.temperatureLowWarning, coldest, t.lowTemperatureWarning);
  else if (book.hasAny(temperatureCodes)) book.raise(codes.temperatureInRange);
}

/** Battery "at or below" the thresholds, on the shown value. */
export function applyBatteryRules(book: EventBook, batteryPercentage: number, t: SystemInfo): void {
  const level = shownNear(batteryPercentage, t.batteryLevelPanic, t.batteryLevelWarning);
  if (level <= t.batteryLevelPanic)
    book.raise(codes.batteryPanic, { value: format(batteryPercentage), threshold: t.batteryLevelPanic });
  else if (level <= t.batteryLevelWarning)
    book.raise(codes.batteryWarning, { value: format(batteryPercentage), threshold: t.batteryLevelWarning });
  else if (book.hasAny(batteryCodes)) book.raise(codes.batteryRecovered);
}

/** CAN (30/31) and thermocouple (32/33): missing counts as invalid. Raised whatever the assignment;
 *  suppression decides which list they show in. */
export function applyReadingValidityRules(book: EventBook, readings: readonly Reading[]): void {
  const isValid = (origin: Reading['origin']) => readings.some((r) => r.origin === origin && r.valid);
  if (!isValid('CAN')) book.raise(codes.canMissing);
  else if (book.has(codes.canMissing)) book.raise(codes.canRestored);
  if (!isValid('Thermocouple')) book.raise(codes.thermocoupleInvalid);
  else if (book.has(codes.thermocoupleInvalid)) book.raise(codes.thermocoupleRestored);
}
