// The compact live format through the hub (docs/live-feed-compact.md): deltas, snapshot parts, catch-up,
// and other messages passed through.
import { makeProbeEvent, type Probe } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { firstSnapshotPartProbes, maxSnapshotPartBytes } from './compact-feed.js';
import { hubOnFakeClock } from './hub-clock.testing.js';
import { baseProbe, connect, published } from './live-client-model.testing.js';
import { maxProbesPerSlice } from './live-slices.js';
import { recentDeltaLimits } from './recent-deltas.js';

describe('compact live format', () => {
  it('after the snapshot, a flush carries only the fields changed since the previous flush', () => {
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    hub.publishProbe(published(baseProbe('A')));
    clock.tick();
    const client = connect(hub, 'compact');
    clock.tick();
    client.socket.sent = [];
    hub.publishProbe(published(baseProbe('A', { batteryPercentage: 80, watchdogExpiry: '2026-11-23T10:00:11.000Z' })));
    clock.tick();
    const text = client.socket.sent[0]!.toString();
    expect(JSON.parse(text)).toEqual({ c: 'd', p: [{ i: 0, w: expect.any(Number) as number, p: 80 }] });
  });

  it('a probe update on the compact feed is at most a fifth of the spec JSON', () => {
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1_000_000 });
    hub.publishProbe(published(baseProbe('P-0001')));
    clock.tick();
    const spec = connect(hub, 'spec');
    const compact = connect(hub, 'compact');
    clock.tick();
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
    clock.tick();
    expect(compact.socket.sent[0]!.length * 5).toBeLessThanOrEqual(spec.socket.sent[0]!.length);
  });

  it('a socket that fell behind for a few flushes is sent the deltas it missed, the same messages as the others', () => {
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    hub.publishProbe(published(baseProbe('A')));
    clock.tick();
    const slow = connect(hub, 'compact');
    const reader = connect(hub, 'compact');
    clock.tick();
    const [slowBefore, readerBefore] = [slow.socket.sent.length, reader.socket.sent.length];
    slow.socket.bufferedAmount = 5000;
    for (let battery = 70; battery < 75; battery += 1) {
      hub.publishProbe(published(baseProbe('A', { batteryPercentage: battery })));
      clock.tick();
    }
    expect(slow.socket.sent).toHaveLength(slowBefore);
    slow.socket.bufferedAmount = 0;
    clock.tick();
    const missed = slow.socket.sent.slice(slowBefore);
    expect(missed).toHaveLength(5);
    missed.forEach((message, i) => expect(message).toBe(reader.socket.sent[readerBefore + i]));
    slow.receive();
    expect(slow.probes.get('A')!.batteryPercentage).toBe(74);
  });

  it('a socket that missed more deltas than the hub keeps gets full records of what changed', () => {
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    hub.publishProbe(published(baseProbe('A')));
    hub.publishProbe(published(baseProbe('B')));
    clock.tick();
    const slow = connect(hub, 'compact');
    clock.tick();
    slow.socket.bufferedAmount = 5000;
    for (let n = 0; n <= recentDeltaLimits.messages; n += 1) {
      hub.publishProbe(published(baseProbe('A', { batteryPercentage: n })));
      clock.tick();
    }
    slow.socket.sent = [];
    slow.socket.bufferedAmount = 0;
    clock.tick();
    expect(slow.socket.sent.map((b) => JSON.parse(b.toString()) as unknown)).toEqual([
      { c: 'd', p: [expect.objectContaining({ i: 0, id: 'A', p: recentDeltaLimits.messages }) as unknown] },
    ]);
  });

  it('a socket whose missed deltas exceed the buffer bound gets full records of what changed instead', () => {
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    const ids = Array.from({ length: 20 }, (_, i) => `P-${i}`);
    for (const id of ids) hub.publishProbe(published(baseProbe(id)));
    clock.tick();
    const slow = connect(hub, 'compact');
    clock.tick();
    slow.receive();
    slow.socket.bufferedAmount = 5000;
    for (let battery = 1; battery <= 5; battery += 1) {
      for (const id of ids) hub.publishProbe(published(baseProbe(id, { batteryPercentage: battery })));
      clock.tick();
    }
    const before = slow.socket.sent.length;
    slow.socket.bufferedAmount = 0;
    clock.tick();
    const sent = slow.socket.sent.slice(before).map((b) => JSON.parse(b.toString()) as { p: { id?: string }[] });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.p.map((record) => record.id)).toEqual(ids);
    slow.receive();
    expect([...slow.probes.values()].map((p) => p.batteryPercentage)).toEqual(ids.map(() => 5));
  });

  it('a compact socket far behind catches up with full records slice by slice, every probe once', () => {
    // Slices end at maxProbesPerSlice only: on the flush's time budget a loaded machine coalesced the changes
    // in more turns than the test waits, and the catch-up's slices came out of size order
    // (docs/decisions/testing.md#slice-sizes-without-a-time-budget).
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 60_000, maxBufferedBytes: 1000, sliceBudgetMs: Infinity });
    try {
      const count = maxProbesPerSlice * 2 + 500;
      const slow = connect(hub, 'compact');
      slow.socket.bufferedAmount = 5000;
      for (let i = 0; i < count; i += 1) hub.publishProbe(published(baseProbe(`P-${i}`)));
      clock.tick();
      const before = slow.socket.sent.length;
      slow.socket.bufferedAmount = 0;
      clock.tick();
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
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    hub.publishProbe(published(baseProbe('A')));
    clock.tick();
    const [first, second] = [connect(hub, 'compact'), connect(hub, 'compact')];
    expect(second.socket.probeMessages()[0]).toBe(first.socket.probeMessages()[0]);
    hub.publishProbe(published(baseProbe('A', { batteryPercentage: 12 })));
    clock.tick();
    const third = connect(hub, 'compact');
    expect(third.socket.probeMessages()[0]).not.toBe(first.socket.probeMessages()[0]);
    third.receive();
    expect(third.probes.get('A')!.batteryPercentage).toBe(12);
  });

  it('sends a large snapshot in parts of at most 256 KB, part 0 with the handle table', () => {
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000, connectBudgetMs: Infinity });
    for (let i = 0; i < 12_000; i += 1)
      hub.publishProbe(published(baseProbe(`P-${i}`, { events: [makeProbeEvent(20, { battery: 15 })] })));
    clock.tick();
    const client = connect(hub, 'compact');
    const parts = client.socket
      .probeMessages()
      .map((b) => JSON.parse(b.toString()) as { c: string; n: number[]; ids?: string[] });
    expect(parts.length).toBeGreaterThan(1);
    // docs/live-feed-compact.md: a part is at most 256 KB, so a browser's worker parses one in a few milliseconds.
    expect(maxSnapshotPartBytes).toBeLessThanOrEqual(256 * 1024);
    expect(client.socket.probeMessages().every((b) => b.length <= 256 * 1024)).toBe(true);
    expect(parts.map((p) => p.n)).toEqual(parts.map((_, i) => [i, parts.length]));
    expect(parts[0]!.ids).toHaveLength(12_000);
    // Part 0 goes out as it is, so the first rows do not wait for its deflate; the later parts are compressed.
    expect(client.socket.compressed.slice(1)).toEqual(parts.map((_, n) => n > 0)); // after the alarms snapshot
    client.receive();
    expect(client.probes.size).toBe(12_000);
  });

  it('a new compact socket gets the state as last flushed and what changed since in the next flush', () => {
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 3_600_000, maxBufferedBytes: 1_000_000 });
    try {
      hub.publishProbe(published(baseProbe('A')));
      hub.publishProbe(published(baseProbe('B')));
      clock.tick();
      hub.publishProbe(published(baseProbe('A', { batteryPercentage: 40 })));
      hub.publishProbe(published(baseProbe('C')));
      const client = connect(hub, 'compact');
      client.receive();
      // The snapshot is the last flush's state: encoding the changes at connect held the socket's first part back.
      expect([...client.probes.keys()].sort()).toEqual(['A', 'B']);
      expect(client.probes.get('A')!.batteryPercentage).toBe(83.5);
      const sentBeforeFlush = client.socket.sent.length;
      clock.tick();
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
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    const state = (i: number): Probe['state'] =>
      i === 950
        ? { state: 2, stateString: 'Warning' }
        : i >= 900 && i < 905
          ? { state: 3, stateString: 'Critical' }
          : { state: 1, stateString: 'Normal' };
    for (let i = 0; i < 1000; i += 1) hub.publishProbe(published(baseProbe(`P-${i}`, { state: state(i) })));
    clock.tick();
    const client = connect(hub, 'compact');
    const parts = client.socket
      .probeMessages()
      .map((b) => JSON.parse(b.toString()) as { n: number[]; ids?: string[]; p: { i: number }[] });
    const ids = parts[0]!.ids!;
    expect(ids).toHaveLength(1000);
    expect(parts[0]!.p).toHaveLength(firstSnapshotPartProbes);
    // The dashboard's default order (status, descending) starts with these: its first screen comes from part 0.
    expect(parts[0]!.p.slice(0, 6).map((r) => ids[r.i])).toEqual(['P-900', 'P-901', 'P-902', 'P-903', 'P-904', 'P-950']);
    expect(parts.slice(1).reduce((sum, part) => sum + part.p.length, 0)).toBe(1000 - firstSnapshotPartProbes);
    client.receive();
    expect([...client.probes.keys()].sort()).toEqual(Array.from({ length: 1000 }, (_, i) => `P-${i}`).sort());
  });

  it("part 0 holds exactly the dashboard's first rows when the highest state has more probes than part 0", () => {
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    const critical = { state: 3, stateString: 'Critical' };
    // Published from C-300 down to C-1, so handle order is the reverse of the dashboard's (natural ID order, where
    // "C-2" comes before "C-10", and case is ignored); a Warning and Normal probes follow.
    for (let i = 300; i >= 1; i -= 1)
      hub.publishProbe(published(baseProbe(i % 7 === 0 ? `c-${i}` : `C-${i}`, { state: critical })));
    hub.publishProbe(published(baseProbe('A-1', { state: { state: 2, stateString: 'Warning' } })));
    for (let i = 0; i < 100; i += 1) hub.publishProbe(published(baseProbe(`N-${i}`)));
    clock.tick();
    const client = connect(hub, 'compact');
    const parts = client.socket.probeMessages().map((b) => JSON.parse(b.toString()) as { ids?: string[]; p: { i: number }[] });
    const ids = parts[0]!.ids!;
    const firstRows = Array.from({ length: firstSnapshotPartProbes }, (_, n) => `${(n + 1) % 7 === 0 ? 'c' : 'C'}-${n + 1}`);
    expect(parts[0]!.p.map((r) => ids[r.i]).sort()).toEqual(firstRows.sort());
  });

  it('encodes a snapshot beyond its connect budget over later turns; a change and a deletion meanwhile follow it', () => {
    // docs/security.md "Probe data bounds": 8 probes a turn here, so that the socket connects mid-plant.
    const { hub, clock } = hubOnFakeClock({
      flushIntervalMs: 100,
      maxBufferedBytes: 1_000_000,
      connectBudgetMs: 0,
      sliceBudgetMs: 0,
    });
    for (let i = 0; i < 300; i += 1) hub.publishProbe(published(baseProbe(`P-${i}`)));
    clock.tick();
    clock.turns(1000);
    const client = connect(hub, 'compact');
    expect(client.socket.probeMessages()).toHaveLength(0);
    hub.publishProbe(published(baseProbe('P-1', { batteryPercentage: 12 })));
    hub.publishDeletion(['P-2']);
    hub.publishProbe(published(baseProbe('P-new')));
    clock.tick();
    clock.turns(1000);
    clock.tick();
    clock.turns(1000);
    client.receive();
    expect(client.probes.size).toBe(300);
    expect(client.probes.has('P-2')).toBe(false);
    expect(client.probes.get('P-1')!.batteryPercentage).toBe(12);
    expect(client.probes.has('P-new')).toBe(true);
  });

  it('passes every other message as the same JSON as to a spec client, unknown fields included', () => {
    const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
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
    clock.tick();
    clock.tick();
    compact.receive();
    expect(compact.probes.get('A')!.events).toEqual([event]);
  });
});
