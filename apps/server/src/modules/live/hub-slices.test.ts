// A whole-plant change goes out in slices (docs/security.md "Probe data bounds"): at most maxProbesPerSlice
// probes or alarms per message, the rest in the following turns of the event loop, every probe once with
// its latest state, and a socket that fell behind catches up slice by slice. A slice also ends on a time
// budget: with none, every message is one budget check's worth of probes, and still every probe goes out once.
import { defaultSystemInfo, type Alarm } from '@bpm/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { evaluateReport } from '../../engine/evaluate-report.js';
import { inLaterTurn } from '../../event-loop-turns.js';
import { LiveHub } from './hub.js';
import { FakeHubClock, hubOnFakeClock } from './hub-clock.testing.js';
import { maxProbesPerSlice } from './live-slices.js';
import { FakeSocket } from './fake-socket.testing.js';

const probe = (id: string, battery: number) =>
  evaluateReport(undefined, { probeID: id, readings: [], batteryPercentage: battery }, defaultSystemInfo, Date.now())!;
const alarm = (id: number) => ({ id, state: 'unacknowledged', probeID: `P-${id}` }) as Alarm;

/** Every probeData message's probes, as [probeID, battery]. */
const probesSent = (socket: FakeSocket) =>
  socket.messages().flatMap((m) => (m.messageType === 'probeData' ? m.probes.map((p) => [p.probeID, p.batteryPercentage]) : []));

/** Slices end at maxProbesPerSlice only (no time budget), so that their sizes are known. */
const countOnly = { sliceBudgetMs: Infinity };

let hub: LiveHub;
let clock: FakeHubClock;
/** The flush timer fires, and its flush runs in the next turn: one slice, the rest waits for later turns. */
const flush = () => {
  clock.fire();
  clock.turns(1);
};
afterEach(() => hub.stop());

describe('LiveHub slices', () => {
  const count = maxProbesPerSlice * 2 + 500;

  it('sends a change of more than one slice of probes and alarms in slices, each in its own turn, every one once', () => {
    ({ hub, clock } = hubOnFakeClock({ flushIntervalMs: 60_000, maxBufferedBytes: Number.MAX_SAFE_INTEGER, ...countOnly }));
    const socket = new FakeSocket();
    hub.addClient(socket);
    socket.sent = [];
    for (let i = 0; i < count; i += 1) hub.publishProbe(probe(`P-${i}`, 50));
    hub.publishAlarms(Array.from({ length: count }, (_, i) => alarm(i)));
    flush();
    const first = socket.messages();
    expect(first.map((m) => m.messageType)).toEqual(['alarms', 'probeData']);
    // A probe changed again before its slice went out goes out once, in its latest state.
    hub.publishProbe(probe(`P-${count - 1}`, 42));
    clock.turns(5);
    const messages = socket.messages();
    expect(messages.map((m) => m.messageType)).toEqual(['alarms', 'probeData', 'alarms', 'probeData', 'alarms', 'probeData']);
    for (const m of messages) {
      const size = m.messageType === 'probeData' ? m.probes.length : m.messageType === 'alarms' ? m.alarms.length : 0;
      expect(size).toBeLessThanOrEqual(maxProbesPerSlice);
    }
    const sent = probesSent(socket);
    expect(sent).toHaveLength(count);
    expect(new Set(sent.map(([id]) => id)).size).toBe(count);
    expect(sent.at(-1)).toEqual([`P-${count - 1}`, 42]);
    const alarmIds = messages.flatMap((m) => (m.messageType === 'alarms' ? m.alarms.map((a) => a.id) : []));
    expect(alarmIds).toEqual(Array.from({ length: count }, (_, i) => i));
  });

  it('sends a large snapshot a slice per turn, then what changed meanwhile, every probe in its latest state', () => {
    ({ hub, clock } = hubOnFakeClock({ flushIntervalMs: 60_000, maxBufferedBytes: Number.MAX_SAFE_INTEGER, ...countOnly }));
    for (let i = 0; i < count; i += 1) hub.publishProbe(probe(`P-${i}`, 50));
    flush();
    clock.turns(5);
    const socket = new FakeSocket();
    hub.addClient(socket);
    expect(probesSent(socket)).toHaveLength(maxProbesPerSlice);
    // Changed while the snapshot goes out: one probe already sent, one not yet, and a new one.
    hub.publishProbe(probe('P-0', 41));
    hub.publishProbe(probe(`P-${count - 1}`, 42));
    hub.publishProbe(probe('P-new', 43));
    flush();
    // The snapshot's second slice went in that turn too (it waited first); the flush only coalesced for this socket.
    expect(probesSent(socket)).toHaveLength(2 * maxProbesPerSlice);
    expect(probesSent(socket).some(([id]) => id === 'P-new')).toBe(false);
    clock.turns(10);
    const latest = new Map(probesSent(socket).map(([id, battery]) => [id, battery]));
    expect(latest.size).toBe(count + 1);
    expect(latest.get('P-0')).toBe(41);
    expect(latest.get(`P-${count - 1}`)).toBe(42);
    expect(latest.get('P-new')).toBe(43);
    expect(latest.get('P-1')).toBe(50);
    expect(hub.clientState(socket)).toEqual({ isBackedUp: false, pendingProbes: 0 });
    for (const m of socket.messages())
      if (m.messageType === 'probeData') expect(m.probes.length).toBeLessThanOrEqual(maxProbesPerSlice);
  });

  it('sends each probe of a large snapshot once, connecting while a change is still going out: a probe changed before its turn once, in its latest state, a deleted one never', () => {
    ({ hub, clock } = hubOnFakeClock({ flushIntervalMs: 60_000, maxBufferedBytes: Number.MAX_SAFE_INTEGER, ...countOnly }));
    for (let i = 0; i < count; i += 1) hub.publishProbe(probe(`P-${i}`, 50));
    flush(); // a slice now and one in the next turn; the socket connects before the third
    clock.turns(1);
    const socket = new FakeSocket();
    hub.addClient(socket);
    expect(probesSent(socket)).toHaveLength(maxProbesPerSlice);
    // Changed or deleted before its turn in the snapshot: one not yet flushed when the socket connected, one flushed.
    const flushed = (n: number) => `P-${maxProbesPerSlice + n}`;
    hub.publishProbe(probe(`P-${count - 1}`, 42));
    hub.publishProbe(probe(flushed(1), 41));
    hub.publishDeletion([`P-${count - 2}`, flushed(2)]);
    hub.publishProbe(probe('P-new', 43));
    flush();
    clock.turns(20);
    const sent = probesSent(socket);
    const ids = sent.map(([id]) => id as string);
    expect(ids.length).toBe(new Set(ids).size);
    const expected = [...Array.from({ length: count }, (_, i) => `P-${i}`), 'P-new'].filter(
      (id) => id !== `P-${count - 2}` && id !== flushed(2),
    );
    expect([...ids].sort()).toEqual(expected.sort());
    const latest = new Map(sent.map(([id, battery]) => [id, battery]));
    expect(latest.get(`P-${count - 1}`)).toBe(42);
    expect(latest.get(flushed(1))).toBe(41);
    expect(latest.get('P-new')).toBe(43);
    expect(latest.get(flushed(3))).toBe(50);
    expect(hub.clientState(socket)).toEqual({ isBackedUp: false, pendingProbes: 0 });
  });

  it('lets a socket that fell behind catch up slice by slice, in the order its probes changed', () => {
    ({ hub, clock } = hubOnFakeClock({ flushIntervalMs: 60_000, maxBufferedBytes: 1000, ...countOnly }));
    const slow = new FakeSocket();
    hub.addClient(slow);
    slow.sent = [];
    slow.bufferedAmount = 5000;
    for (let i = 0; i < count; i += 1) hub.publishProbe(probe(`P-${i}`, 50));
    flush();
    clock.turns(5);
    expect(slow.sent).toHaveLength(0);
    expect(hub.clientState(slow)).toEqual({ isBackedUp: true, pendingProbes: count });
    slow.bufferedAmount = 0;
    flush();
    clock.turns(5);
    const sizes = slow.messages().map((m) => (m.messageType === 'probeData' ? m.probes.length : 0));
    expect(sizes).toEqual([maxProbesPerSlice, maxProbesPerSlice, 500]);
    expect(probesSent(slow).map(([id]) => id)).toEqual(Array.from({ length: count }, (_, i) => `P-${i}`));
    expect(hub.clientState(slow)).toEqual({ isBackedUp: false, pendingProbes: 0 });
  });

  it("runs the timer's flush in its own turn, after whole-plant work already waiting, never in the same loop iteration", async () => {
    const order: string[] = [];
    // Due in the same timers phase as the hub's flush (same interval, created first): it queues another slice
    // of whole-plant work (a batch writer's chunk, say), which runs in that iteration's check phase.
    setTimeout(() => inLaterTurn(() => order.push('other slice')), 20);
    // The production scheduler (hub-scheduler.ts), on the real event loop.
    hub = new LiveHub({ flushIntervalMs: 20, maxBufferedBytes: Number.MAX_SAFE_INTEGER });
    hub.start();
    const socket = new FakeSocket();
    hub.addClient(socket);
    socket.send = () => order.push('flush');
    hub.publishProbe(probe('P-1', 50));
    while (order.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order.slice(0, 2)).toEqual(['other slice', 'flush']);
  });

  it('ends every slice (live changes, snapshot, catch-up) on its time budget, every probe still sent once in its latest state', () => {
    ({ hub, clock } = hubOnFakeClock({ flushIntervalMs: 60_000, maxBufferedBytes: 1000, sliceBudgetMs: 0 }));
    const live = new FakeSocket();
    const slow = new FakeSocket();
    hub.addClient(live);
    hub.addClient(slow);
    live.sent = [];
    slow.bufferedAmount = 5000;
    for (let i = 0; i < count; i += 1) hub.publishProbe(probe(`P-${i}`, 50));
    flush();
    hub.publishProbe(probe(`P-${count - 1}`, 42));
    clock.turns(2000);
    const connecting = new FakeSocket();
    hub.addClient(connecting);
    slow.bufferedAmount = 0;
    flush();
    clock.turns(2000);
    for (const socket of [live, slow, connecting]) {
      const sizes = socket.messages().flatMap((m) => (m.messageType === 'probeData' ? [m.probes.length] : []));
      expect(sizes.length).toBeGreaterThan(count / maxProbesPerSlice + 1);
      expect(Math.max(...sizes)).toBeLessThan(maxProbesPerSlice);
      const sent = probesSent(socket);
      expect(sent).toHaveLength(count);
      expect(new Set(sent.map(([id]) => id)).size).toBe(count);
      expect(new Map(sent.map(([id, battery]) => [id, battery])).get(`P-${count - 1}`)).toBe(42);
    }
    expect(hub.clientState(slow)).toEqual({ isBackedUp: false, pendingProbes: 0 });
  });

  it("ends the alarms message and the compact delta on the flush's time budget too, every alarm and probe once", () => {
    ({ hub, clock } = hubOnFakeClock({ flushIntervalMs: 60_000, maxBufferedBytes: Number.MAX_SAFE_INTEGER, sliceBudgetMs: 0 }));
    const compact = new FakeSocket();
    hub.addClient(compact, 'compact');
    compact.sent = [];
    for (let i = 0; i < count; i += 1) hub.publishProbe(probe(`P-${i}`, 50));
    hub.publishAlarms(Array.from({ length: count }, (_, i) => alarm(i)));
    flush();
    clock.turns(2000);
    const messages = compact.sent.map(
      (b) => JSON.parse(b.toString()) as { messageType?: string; alarms?: Alarm[]; c?: string; p?: unknown[] },
    );
    const alarmSizes = messages.flatMap((m) => (m.messageType === 'alarms' ? [m.alarms!.length] : []));
    expect(alarmSizes.length).toBeGreaterThan(count / maxProbesPerSlice + 1);
    expect(Math.max(...alarmSizes)).toBeLessThan(maxProbesPerSlice);
    expect(messages.flatMap((m) => (m.messageType === 'alarms' ? m.alarms!.map((a) => a.id) : []))).toEqual(
      Array.from({ length: count }, (_, i) => i),
    );
    const deltaSizes = messages.flatMap((m) => (m.c === 'd' ? [m.p!.length] : []));
    expect(deltaSizes.length).toBeGreaterThan(count / maxProbesPerSlice + 1);
    expect(Math.max(...deltaSizes)).toBeLessThan(maxProbesPerSlice);
    expect(deltaSizes.reduce((sum, n) => sum + n, 0)).toBe(count);
  });
});
