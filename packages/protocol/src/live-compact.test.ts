// The compact encoder keeps its last time texts and the decoder its last decoded times (a flush meets the same ones
// probe after probe): whatever order times and stream epochs come in, each record must still decode to the probe it
// was made from.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactRecordText, decodeCompactRecord, encodeCompactFields, type CompactRecord } from './live-compact.js';
import type { Probe } from './probes.js';

const probe = (watchdogExpiry: string, timestamp: string): Probe => ({
  probeID: 'P-1',
  firmwareVersion: '2.4.1',
  state: { state: 1, stateString: 'Normal' },
  watchdogExpiry,
  isMonitoring: false,
  expectingCANData: true,
  assignment: { buildStage: null, agv: null, batteryPack: null },
  report: { timestamp, readings: [{ origin: 'CAN', temperature: 21.5, valid: true }] },
  batteryPercentage: 80,
  batteryCharging: false,
  longitude: null,
  latitude: null,
  events: [],
  suppressedEvents: [],
});

// Canonical texts (sent as milliseconds after the epoch) and others a gateway may send (sent as they are).
const times = [
  '2026-11-26T04:00:00.000Z',
  '2026-11-26T04:00:00.100Z',
  '2026-11-26T04:00:30.000Z',
  '2026-11-26T04:00:00Z',
  '2026-11-26T05:00:00.000+01:00',
  '2026-11-26T04:00:00.1Z',
];
const epochs = [Date.parse('2026-11-26T03:59:00.000Z'), Date.parse('2026-11-26T04:00:00.000Z')];

describe('compact encoding of times', () => {
  it('decodes every record to its probe, however times and epochs repeat or alternate', () => {
    const step = fc.record({
      expiry: fc.constantFrom(...times),
      timestamp: fc.constantFrom(...times),
      epochMs: fc.constantFrom(...epochs),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 20 }), (steps) => {
        for (const { expiry, timestamp, epochMs } of steps) {
          const original = probe(expiry, timestamp);
          const text = compactRecordText(0, original.probeID, encodeCompactFields(original, epochMs), null);
          expect(decodeCompactRecord(JSON.parse(text) as CompactRecord, original.probeID, undefined, epochMs)).toEqual(original);
        }
      }),
      { numRuns: 500 },
    );
  });
});
