// The hub with fake sockets: snapshot on connect, coalescing, one shared serialisation, deletion,
// and bounded state for a socket that never drains.
import { defaultSystemInfo } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { evaluateReport } from '../../engine/evaluate-report.js';
import { hubOnFakeClock } from './hub-clock.testing.js';
import { FakeSocket } from './fake-socket.testing.js';

/** A published probe update, as the probe service hands it to the hub. */
const probe = (id: string, battery = 80) =>
  evaluateReport(undefined, { probeID: id, readings: [], batteryPercentage: battery }, defaultSystemInfo, Date.now())!;

function hubWith(...ids: string[]) {
  const { hub, clock } = hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
  hub.publishSystemConfig(defaultSystemInfo);
  for (const id of ids) hub.publishProbe(probe(id));
  clock.tick();
  return { hub, clock };
}

describe('LiveHub', () => {
  it('sends systemConfig, the open alarms, then a snapshot of every probe, on connect', () => {
    const { hub } = hubWith('A', 'B');
    const socket = new FakeSocket();
    hub.addClient(socket);
    const [config, alarms, snapshot] = socket.messages();
    expect(config).toEqual({ messageType: 'systemConfig', systemInfo: defaultSystemInfo });
    expect(alarms).toEqual({ messageType: 'alarms', snapshotPart: 0, alarms: [] });
    expect(snapshot?.messageType).toBe('probeData');
    expect(snapshot?.messageType === 'probeData' && snapshot.probes.map((p) => p.probeID)).toEqual(['A', 'B']);
  });

  it('coalesces many updates of one probe into its latest state, once per flush', () => {
    const { hub, clock } = hubWith();
    const socket = new FakeSocket();
    hub.addClient(socket);
    socket.sent = [];
    for (let battery = 90; battery > 50; battery--) hub.publishProbe(probe('A', battery));
    hub.publishProbe(probe('B'));
    clock.tick();
    clock.tick(); // nothing changed since: nothing sent
    const messages = socket.messages();
    expect(messages).toHaveLength(1);
    const probes = messages[0]!.messageType === 'probeData' ? messages[0]!.probes : [];
    expect(probes.map((p) => [p.probeID, p.batteryPercentage])).toEqual([
      ['A', 51],
      ['B', 80],
    ]);
  });

  it('shares one serialised message between all sockets that keep up', () => {
    const { hub, clock } = hubWith();
    const sockets = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    for (const s of sockets) hub.addClient(s);
    for (const s of sockets) s.sent = [];
    hub.publishProbe(probe('A'));
    clock.tick();
    expect(sockets[0]!.sent[0]).toBe(sockets[1]!.sent[0]);
    expect(sockets[1]!.sent[0]).toBe(sockets[2]!.sent[0]);
  });

  it('sends deletions and drops deleted probes from later updates and snapshots', () => {
    const { hub, clock } = hubWith('A', 'B');
    const socket = new FakeSocket();
    hub.addClient(socket);
    socket.sent = [];
    hub.publishProbe(probe('A', 70));
    hub.publishDeletion(['A']);
    clock.tick();
    expect(socket.messages()).toEqual([{ messageType: 'probeDeletion', probes: [{ probeID: 'A' }] }]);
    const late = new FakeSocket();
    hub.addClient(late);
    const snapshot = late.messages()[2]!;
    expect(snapshot.messageType === 'probeData' && snapshot.probes.map((p) => p.probeID)).toEqual(['B']);
  });

  it('a socket above the buffer bound gets nothing and coalesces at most one entry per probe, then catches up', () => {
    const { hub, clock } = hubWith();
    const slow = new FakeSocket();
    const fast = new FakeSocket();
    hub.addClient(slow);
    hub.addClient(fast);
    slow.sent = [];
    slow.bufferedAmount = 5000; // above the 1000-byte bound, and it never drains
    for (let round = 0; round < 200; round++) {
      for (let i = 0; i < 20; i++) hub.publishProbe(probe(`P-${i}`, 50 + (round % 40)));
      clock.tick();
    }
    expect(slow.sent).toHaveLength(0);
    expect(hub.clientState(slow)).toEqual({ isBackedUp: true, pendingProbes: 20 });
    expect(fast.sent.length).toBeGreaterThan(100);

    slow.bufferedAmount = 0;
    clock.tick();
    expect(hub.clientState(slow)).toEqual({ isBackedUp: false, pendingProbes: 0 });
    const [catchUp] = slow.messages();
    expect(catchUp?.messageType === 'probeData' && catchUp.probes).toHaveLength(20);
  });

  it('drops a socket that did not answer the last ping', () => {
    const { hub } = hubWith();
    const socket = new FakeSocket();
    hub.addClient(socket);
    hub.heartbeat();
    expect(hub.clientCount).toBe(1);
    hub.heartbeat();
    expect(hub.clientCount).toBe(0);
    expect(socket.readyState).toBe(3);
    const answering = new FakeSocket();
    hub.addClient(answering);
    hub.heartbeat();
    hub.markAlive(answering);
    hub.heartbeat();
    expect(hub.clientCount).toBe(1);
  });
});

describe('LiveHub coalescing and transient events', () => {
  it('keeps the transient events of an update replaced before the flush, ahead of the latest events', () => {
    const { hub, clock } = hubWith();
    const socket = new FakeSocket();
    hub.addClient(socket);
    socket.sent = [];
    const t = defaultSystemInfo;
    const now = Date.now();
    const first = evaluateReport(undefined, { probeID: 'A', readings: [], batteryPercentage: 5 }, t, now)!; // 21, persistent
    const recovered = evaluateReport(first.record, { probeID: 'A', readings: [], batteryPercentage: 50 }, t, now + 1)!; // 22, transient
    const low = evaluateReport(recovered.record, { probeID: 'A', readings: [], batteryPercentage: 15 }, t, now + 2)!; // 20, persistent
    clock.tick();
    for (const e of [recovered, low]) hub.publishProbe(e);
    clock.tick();
    const [message] = socket.messages();
    const probe = message?.messageType === 'probeData' ? message.probes[0] : undefined;
    expect(probe?.events.map((e) => e.event)).toEqual([22, 20]);
    // Once flushed, a transient event is not sent again.
    hub.publishProbe(evaluateReport(low.record, { probeID: 'A', readings: [], batteryPercentage: 14 }, t, now + 3)!);
    clock.tick();
    const later = socket.messages()[1];
    expect(later?.messageType === 'probeData' && later.probes[0]!.events.map((e) => e.event)).toEqual([20]);
  });
});

describe('LiveHub state without readers', () => {
  it('a socket that was the only one, backed up, still gets the latest state once it drains', () => {
    const { hub, clock } = hubWith();
    const slow = new FakeSocket();
    hub.addClient(slow);
    slow.sent = [];
    slow.bufferedAmount = 5000;
    hub.publishProbe(probe('A', 61));
    clock.tick();
    hub.publishProbe(probe('A', 62));
    clock.tick();
    slow.bufferedAmount = 0;
    clock.tick();
    const [message] = slow.messages();
    expect(message?.messageType === 'probeData' && message.probes.map((p) => [p.probeID, p.batteryPercentage])).toEqual([
      ['A', 62],
    ]);
    expect(hub.probeCount).toBe(1);
  });
});
