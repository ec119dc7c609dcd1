// The compact live format through the hub (docs/live-feed-compact.md): deltas, snapshot parts, catch-up,
// other messages passed through, and a property test: a spec client and a compact client fed the same
// random stream end with the same probes.
import { CompactDecoder, isCompactMessage, makeProbeEvent, type LiveMessage, type Probe } from '@bpm/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PublishedProbe } from '../../engine/evaluation.js';
import { firstSnapshotPartProbes, maxSnapshotPartBytes } from './compact-feed.js';
import { LiveHub, maxProbesPerSlice, recentDeltaLimits, type LiveFormat } from './hub.js';
import { FakeSocket } from './fake-socket.testing.js';

/** What a client ends with: each probe's last state, read the way live-session.ts reads the feed. */
class ClientModel {
  readonly socket = new FakeSocket();
  readonly probes = new Map<string, Probe>();
  private readonly decoder = new CompactDecoder();
  private awaitingSnapshot = true;
  private read = 0;

  constructor(readonly format: LiveFormat) {}

  receive(): void {
    for (; this.read < this.socket.sent.length; this.read += 1) {
      const message = JSON.parse(this.socket.sent[this.read]!.toString()) as unknown;
      if (isCompactMessage(message)) {
        const { probes, snapshotIDs } = this.decoder.decode(message);
        if (snapshotIDs) this.replace(snapshotIDs);
        for (const probe of probes) this.probes.set(probe.probeID, probe);
        continue;
      }
      const live = message as LiveMessage;
      if (live.messageType === 'probeDeletion') {
        this.decoder.forget(live.probes.map((p) => p.probeID));
        for (const { probeID } of live.probes) this.probes.delete(probeID);
      } else if (live.messageType === 'probeData') {
        if (this.awaitingSnapshot) this.replace(live.probes.map((p) => p.probeID));
        this.awaitingSnapshot = false;
        for (const probe of live.probes) this.probes.set(probe.probeID, probe);
      }
    }
  }

  private replace(keep: string[]): void {
    const kept = new Set(keep);
    for (const id of [...this.probes.keys()]) if (!kept.has(id)) this.probes.delete(id);
  }
}

const published = (probe: Probe): PublishedProbe => ({
  probeID: probe.probeID,
  probe,
  hasTransient: probe.events.some((e) => !e.eventPersistent) || probe.suppressedEvents.some((e) => !e.eventPersistent),
});

const baseProbe = (id: string, overrides: Partial<Probe> = {}): Probe => ({
  probeID: id,
  firmwareVersion: '2.4.1',
  state: { state: 1, stateString: 'Normal' },
  watchdogExpiry: '2026-11-23T10:00:10.000Z',
  isMonitoring: true,
  expectingCANData: true,
  assignment: {
    buildStage: { id: 3, name: 'Busbar welding' },
    agv: { id: 12, name: 'AGV-12' },
    batteryPack: { id: 2291, name: 'Pack 2291' },
  },
  report: {
    timestamp: '2026-11-23T10:00:00.000Z',
    readings: [
      { origin: 'CAN', temperature: 36.12, valid: true },
      { origin: 'Thermocouple', temperature: 35.01, valid: true },
    ],
  },
  batteryPercentage: 83.5,
  batteryCharging: false,
  longitude: 11.571234,
  latitude: 48.137123,
  events: [],
  suppressedEvents: [],
  ...overrides,
});

function connect(hub: LiveHub, format: LiveFormat): ClientModel {
  const client = new ClientModel(format);
  hub.addClient(client.socket, format);
  return client;
}

describe('compact live format', () => {
  it('after the snapshot, a flush carries only the fields changed since the previous flush', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    hub.publishProbe(published(baseProbe('A')));
    hub.flush();
    const client = connect(hub, 'compact');
    hub.flush();
    client.socket.sent = [];
    hub.publishProbe(published(baseProbe('A', { batteryPercentage: 80, watchdogExpiry: '2026-11-23T10:00:11.000Z' })));
    hub.flush();
    const text = client.socket.sent[0]!.toString();
    expect(JSON.parse(text)).toEqual({ c: 'd', p: [{ i: 0, w: expect.any(Number) as number, p: 80 }] });
  });

  it('a probe update on the compact feed is at most a fifth of the spec JSON', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1_000_000 });
    hub.publishProbe(published(baseProbe('P-0001')));
    hub.flush();
    const spec = connect(hub, 'spec');
    const compact = connect(hub, 'compact');
    hub.flush();
    spec.socket.sent = [];
    compact.socket.sent = [];
    const next = baseProbe('P-0001', {
      watchdogExpiry: '2026-11-23T10:00:11.000Z',
      report: { timestamp: '2026-11-23T10:00:01.000Z', readings: [{ origin: 'Thermocouple', temperature: 35.2, valid: true }] },
      batteryPercentage: 83.25,
      longitude: 11.571301,
      latitude: 48.137099,
    });
    hub.publishProbe(published(next));
    hub.flush();
    expect(compact.socket.sent[0]!.length * 5).toBeLessThanOrEqual(spec.socket.sent[0]!.length);
  });

  it('a socket that fell behind for a few flushes is sent the deltas it missed, the same messages as the others', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    hub.publishProbe(published(baseProbe('A')));
    hub.flush();
    const slow = connect(hub, 'compact');
    const reader = connect(hub, 'compact');
    hub.flush();
    const [slowBefore, readerBefore] = [slow.socket.sent.length, reader.socket.sent.length];
    slow.socket.bufferedAmount = 5000;
    for (let battery = 70; battery < 75; battery += 1) {
      hub.publishProbe(published(baseProbe('A', { batteryPercentage: battery })));
      hub.flush();
    }
    expect(slow.socket.sent).toHaveLength(slowBefore);
    slow.socket.bufferedAmount = 0;
    hub.flush();
    const missed = slow.socket.sent.slice(slowBefore);
    expect(missed).toHaveLength(5);
    missed.forEach((message, i) => expect(message).toBe(reader.socket.sent[readerBefore + i]));
    slow.receive();
    expect(slow.probes.get('A')!.batteryPercentage).toBe(74);
  });

  it('a socket that missed more deltas than the hub keeps gets full records of what changed', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    hub.publishProbe(published(baseProbe('A')));
    hub.publishProbe(published(baseProbe('B')));
    hub.flush();
    const slow = connect(hub, 'compact');
    hub.flush();
    slow.socket.bufferedAmount = 5000;
    for (let n = 0; n <= recentDeltaLimits.messages; n += 1) {
      hub.publishProbe(published(baseProbe('A', { batteryPercentage: n })));
      hub.flush();
    }
    slow.socket.sent = [];
    slow.socket.bufferedAmount = 0;
    hub.flush();
    expect(slow.socket.sent.map((b) => JSON.parse(b.toString()) as unknown)).toEqual([
      { c: 'd', p: [expect.objectContaining({ i: 0, id: 'A', p: recentDeltaLimits.messages }) as unknown] },
    ]);
  });

  it('a socket whose missed deltas exceed the buffer bound gets full records of what changed instead', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    const ids = Array.from({ length: 20 }, (_, i) => `P-${i}`);
    for (const id of ids) hub.publishProbe(published(baseProbe(id)));
    hub.flush();
    const slow = connect(hub, 'compact');
    hub.flush();
    slow.receive();
    slow.socket.bufferedAmount = 5000;
    for (let battery = 1; battery <= 5; battery += 1) {
      for (const id of ids) hub.publishProbe(published(baseProbe(id, { batteryPercentage: battery })));
      hub.flush();
    }
    const before = slow.socket.sent.length;
    slow.socket.bufferedAmount = 0;
    hub.flush();
    const sent = slow.socket.sent.slice(before).map((b) => JSON.parse(b.toString()) as { p: { id?: string }[] });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.p.map((record) => record.id)).toEqual(ids);
    slow.receive();
    expect([...slow.probes.values()].map((p) => p.batteryPercentage)).toEqual(ids.map(() => 5));
  });

  it('a compact socket far behind catches up with full records slice by slice, every probe once', async () => {
    // Slices end at maxProbesPerSlice only: on the flush's time budget a loaded machine coalesced the changes
    // in more turns than the test waits, and the catch-up's slices came out of size order
    // (docs/decisions/testing.md#slice-sizes-without-a-time-budget).
    const hub = new LiveHub({ flushIntervalMs: 60_000, maxBufferedBytes: 1000, sliceBudgetMs: Infinity });
    hub.start();
    try {
      const count = maxProbesPerSlice * 2 + 500;
      const slow = connect(hub, 'compact');
      slow.socket.bufferedAmount = 5000;
      for (let i = 0; i < count; i += 1) hub.publishProbe(published(baseProbe(`P-${i}`)));
      hub.flush();
      for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
      const before = slow.socket.sent.length;
      slow.socket.bufferedAmount = 0;
      hub.flush();
      for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
      const sizes = slow.socket.sent.slice(before).map((b) => (JSON.parse(b.toString()) as { p: unknown[] }).p.length);
      expect(sizes).toEqual([maxProbesPerSlice, maxProbesPerSlice, 500]);
      slow.receive();
      expect(slow.probes.size).toBe(count);
      expect(hub.clientState(slow.socket)).toEqual({ isBackedUp: false, pendingProbes: 0 });
    } finally {
      hub.stop();
    }
  });

  it('sockets that connect between two flushes share one snapshot; a flush with changes makes a new one', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    hub.publishProbe(published(baseProbe('A')));
    hub.flush();
    const [first, second] = [connect(hub, 'compact'), connect(hub, 'compact')];
    expect(second.socket.sent[0]).toBe(first.socket.sent[0]);
    hub.publishProbe(published(baseProbe('A', { batteryPercentage: 12 })));
    hub.flush();
    const third = connect(hub, 'compact');
    expect(third.socket.sent[0]).not.toBe(first.socket.sent[0]);
    third.receive();
    expect(third.probes.get('A')!.batteryPercentage).toBe(12);
  });

  it('sends a large snapshot in parts of at most 256 KB, part 0 with the handle table', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    for (let i = 0; i < 12_000; i += 1)
      hub.publishProbe(published(baseProbe(`P-${i}`, { events: [makeProbeEvent(20, { battery: 15 })] })));
    hub.flush();
    const client = connect(hub, 'compact');
    const parts = client.socket.sent.map((b) => JSON.parse(b.toString()) as { c: string; n: number[]; ids?: string[] });
    expect(parts.length).toBeGreaterThan(1);
    // docs/live-feed-compact.md: a part is at most 256 KB, so a browser's worker parses one in a few milliseconds.
    expect(maxSnapshotPartBytes).toBeLessThanOrEqual(256 * 1024);
    expect(client.socket.sent.every((b) => b.length <= 256 * 1024)).toBe(true);
    expect(parts.map((p) => p.n)).toEqual(parts.map((_, i) => [i, parts.length]));
    expect(parts[0]!.ids).toHaveLength(12_000);
    // Part 0 goes out as it is, so the first rows do not wait for its deflate; the later parts are compressed.
    expect(client.socket.compressed).toEqual(parts.map((_, n) => n > 0));
    client.receive();
    expect(client.probes.size).toBe(12_000);
  });

  it('while the hub runs, a new compact socket gets the state as last flushed and what changed since in the next flush', () => {
    // The timer never fires during the test: flush() stands for its next tick.
    const hub = new LiveHub({ flushIntervalMs: 3_600_000, maxBufferedBytes: 1_000_000 });
    hub.start();
    try {
      hub.publishProbe(published(baseProbe('A')));
      hub.publishProbe(published(baseProbe('B')));
      hub.flush();
      hub.publishProbe(published(baseProbe('A', { batteryPercentage: 40 })));
      hub.publishProbe(published(baseProbe('C')));
      const client = connect(hub, 'compact');
      client.receive();
      // The snapshot is the last flush's state: encoding the changes at connect held the socket's first part back.
      expect([...client.probes.keys()].sort()).toEqual(['A', 'B']);
      expect(client.probes.get('A')!.batteryPercentage).toBe(83.5);
      const sentBeforeFlush = client.socket.sent.length;
      hub.flush();
      client.receive();
      expect(client.socket.sent.length).toBe(sentBeforeFlush + 1);
      expect([...client.probes.keys()].sort()).toEqual(['A', 'B', 'C']);
      expect(client.probes.get('A')).toEqual(baseProbe('A', { batteryPercentage: 40 }));
      expect(client.probes.get('C')).toEqual(baseProbe('C'));
    } finally {
      hub.stop();
    }
  });

  it('part 0 of a snapshot lists every probe in its handle table but brings only a few hundred, the highest states first', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    const state = (i: number): Probe['state'] =>
      i === 950
        ? { state: 2, stateString: 'Warning' }
        : i >= 900 && i < 905
          ? { state: 3, stateString: 'Critical' }
          : { state: 1, stateString: 'Normal' };
    for (let i = 0; i < 1000; i += 1) hub.publishProbe(published(baseProbe(`P-${i}`, { state: state(i) })));
    hub.flush();
    const client = connect(hub, 'compact');
    const parts = client.socket.sent.map((b) => JSON.parse(b.toString()) as { n: number[]; ids?: string[]; p: { i: number }[] });
    const ids = parts[0]!.ids!;
    expect(ids).toHaveLength(1000);
    expect(parts[0]!.p).toHaveLength(firstSnapshotPartProbes);
    // The dashboard's default order (status, descending) starts with these: its first screen comes from part 0.
    expect(parts[0]!.p.slice(0, 6).map((r) => ids[r.i])).toEqual(['P-900', 'P-901', 'P-902', 'P-903', 'P-904', 'P-950']);
    expect(parts.slice(1).reduce((sum, part) => sum + part.p.length, 0)).toBe(1000 - firstSnapshotPartProbes);
    client.receive();
    expect([...client.probes.keys()].sort()).toEqual(Array.from({ length: 1000 }, (_, i) => `P-${i}`).sort());
  });

  it('part 0 holds exactly the dashboard\'s first rows when the highest state has more probes than part 0', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    const critical = { state: 3, stateString: 'Critical' };
    // Published from C-300 down to C-1, so handle order is the reverse of the dashboard's (natural ID order, where
    // "C-2" comes before "C-10", and case is ignored); a Warning and Normal probes follow.
    for (let i = 300; i >= 1; i -= 1) hub.publishProbe(published(baseProbe(i % 7 === 0 ? `c-${i}` : `C-${i}`, { state: critical })));
    hub.publishProbe(published(baseProbe('A-1', { state: { state: 2, stateString: 'Warning' } })));
    for (let i = 0; i < 100; i += 1) hub.publishProbe(published(baseProbe(`N-${i}`)));
    hub.flush();
    const client = connect(hub, 'compact');
    const parts = client.socket.sent.map((b) => JSON.parse(b.toString()) as { ids?: string[]; p: { i: number }[] });
    const ids = parts[0]!.ids!;
    const firstRows = Array.from({ length: firstSnapshotPartProbes }, (_, n) => `${(n + 1) % 7 === 0 ? 'c' : 'C'}-${n + 1}`);
    expect(parts[0]!.p.map((r) => ids[r.i]).sort()).toEqual(firstRows.sort());
  });

  it('passes every other message as the same JSON as to a spec client, unknown fields included', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    const spec = connect(hub, 'spec');
    const compact = connect(hub, 'compact');
    spec.socket.sent = [];
    compact.socket.sent = [];
    hub.publishDeletion(['X']);
    expect(compact.socket.sent.map(String)).toEqual(spec.socket.sent.map(String));
    const event = {
      ...makeProbeEvent(10, { origin: 'Internal', value: '47.0', threshold: 45 }),
      alarmId: 7,
      acknowledged: false,
    };
    hub.publishProbe(published(baseProbe('A', { events: [event] })));
    hub.flush();
    hub.flush();
    compact.receive();
    expect(compact.probes.get('A')!.events).toEqual([event]);
  });
});

// ---- property: a spec client and a compact client end with the same probes ----

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
        const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
        // Pairs of clients (spec, compact) connected at the same moments.
        const clients: ClientModel[] = [connect(hub, 'spec'), connect(hub, 'compact')];
        for (const s of steps) {
          if (s.kind === 'publish') hub.publishProbe(published(s.probe));
          else if (s.kind === 'flush') hub.flush();
          else if (s.kind === 'delete') hub.publishDeletion([s.id]);
          else if (s.kind === 'join') clients.push(connect(hub, 'spec'), connect(hub, 'compact'));
          else {
            const client = clients[s.client % clients.length]!;
            if (s.kind === 'backUp') client.socket.bufferedAmount = s.full ? 5000 : 0;
            else client.receive();
          }
        }
        for (const client of clients) client.socket.bufferedAmount = 0;
        hub.flush();
        hub.flush();
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
