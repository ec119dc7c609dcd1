// The compact live format, property (docs/live-feed-compact.md): a spec client and a compact client fed the
// same random stream end with the same probes.
import { makeProbeEvent, type Probe } from '@bpm/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hubOnFakeClock } from './hub-clock.testing.js';
import { connect, published, type ClientModel } from './live-client-model.testing.js';

const ids = ['P-1', 'P-2', 'P-3', 'P-4'];
const iso = fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }).map((ms) => new Date(ms).toISOString());
const time = fc.oneof(iso, fc.constant('2026-11-23T11:00:00+01:00'));
const ref = fc.option(fc.record({ id: fc.integer({ min: 0, max: 5000 }), name: fc.string({ maxLength: 12 }) }));
const catalogueEvent = fc
  .record({ code: fc.constantFrom(0, 1, 10, 11, 20, 23, 30, 40, 41), value: fc.integer({ min: 0, max: 99 }) })
  .map(({ code, value }) => makeProbeEvent(code, { value, battery: value, origin: 'Internal', threshold: 45 }));
const anyEvent = fc.oneof(
  catalogueEvent,
  catalogueEvent.map((e) => ({ ...e, alarmId: 3, acknowledged: true, shelvedUntil: null })),
  catalogueEvent.map((e) => ({ ...e, eventType: 'Info' as const, eventPersistent: !e.eventPersistent })),
);
const reading = fc.record({
  origin: fc.constantFrom('CAN' as const, 'Thermocouple' as const),
  temperature: fc.double({ min: -50, max: 150, noNaN: true }),
  valid: fc.boolean(),
});
const probeArb = (id: string) =>
  fc
    .record({
      firmwareVersion: fc.constantFrom('2.4.1', '2.5.0', ''),
      stateString: fc.constantFrom('Normal', 'Warning', 'Critical', 'Disabled', 'Strange'),
      watchdogExpiry: time,
      isMonitoring: fc.boolean(),
      expectingCANData: fc.boolean(),
      assignment: fc.record({ buildStage: ref, agv: ref, batteryPack: ref }),
      report: fc.option(fc.record({ timestamp: time, readings: fc.array(reading, { maxLength: 3 }) })),
      batteryPercentage: fc.double({ min: 0, max: 100, noNaN: true }),
      batteryCharging: fc.boolean(),
      longitude: fc.option(fc.double({ min: -180, max: 180, noNaN: true })),
      latitude: fc.option(fc.double({ min: -90, max: 90, noNaN: true })),
      events: fc.array(anyEvent, { maxLength: 3 }),
      suppressedEvents: fc.array(anyEvent, { maxLength: 2 }),
      extra: fc.option(fc.integer()),
    })
    .map(({ stateString, extra, ...rest }): Probe => {
      const state = { state: ['Disabled', 'Normal', 'Warning', 'Critical'].indexOf(stateString), stateString };
      const probe: Probe = { probeID: id, state: { state: state.state < 0 ? 9 : state.state, stateString }, ...rest };
      return extra === null ? probe : Object.assign(probe, { alarmCount: extra });
    });

type Step =
  | { kind: 'publish'; probe: Probe }
  | { kind: 'flush' }
  | { kind: 'delete'; id: string }
  | { kind: 'backUp'; client: number; full: boolean }
  | { kind: 'read'; client: number }
  | { kind: 'join' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .constantFrom(...ids)
      .chain((id) => probeArb(id))
      .map((probe) => ({ kind: 'publish' as const, probe })),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'flush' as const }) },
  { weight: 1, arbitrary: fc.constantFrom(...ids).map((id) => ({ kind: 'delete' as const, id })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('backUp' as const), client: fc.nat(3), full: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('read' as const), client: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'join' as const }) },
);

describe('compact live format, property', () => {
  it('a spec client and a compact client fed the same random stream end with the same probes', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
        // Pairs of clients (spec, compact) connected at the same moments.
        const clients: ClientModel[] = [connect(hub, 'spec'), connect(hub, 'compact')];
        for (const s of steps) {
          if (s.kind === 'publish') hub.publishProbe(published(s.probe));
          else if (s.kind === 'flush') clock.tick();
          else if (s.kind === 'delete') hub.publishDeletion([s.id]);
          else if (s.kind === 'join') clients.push(connect(hub, 'spec'), connect(hub, 'compact'));
          else {
            const client = clients[s.client % clients.length]!;
            if (s.kind === 'backUp') client.socket.bufferedAmount = s.full ? 5000 : 0;
            else client.receive();
          }
        }
        for (const client of clients) client.socket.bufferedAmount = 0;
        clock.tick();
        clock.tick();
        for (let pair = 0; pair < clients.length; pair += 2) {
          const [spec, compact] = [clients[pair]!, clients[pair + 1]!];
          spec.receive();
          compact.receive();
          expect(Object.fromEntries(compact.probes)).toEqual(Object.fromEntries(spec.probes));
        }
      }),
      { numRuns: 300 },
    );
  });
});
