// The alarms stream of the live feed (docs/live-feed.md (Alarms)): a socket's snapshot carries the open alarms,
// before its probes; alarms changed since the last flush go to every socket with the next flush, the latest
// state of each once; the open list restored from its source replaces what every socket holds.
import { defaultSystemInfo, type Alarm } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { hubOnFakeClock } from './hub-clock.testing.js';
import { FakeSocket } from './fake-socket.testing.js';
import { baseProbe, published } from './live-client-model.testing.js';
import { maxProbesPerSlice } from './live-slices.js';

const alarm = (id: number, state: Alarm['state']) => ({ id, state, probeID: 'P-1' }) as Alarm;
type AlarmsMessage = { messageType: 'alarms'; snapshotPart?: number; alarms: Alarm[] };
const alarmMessages = (socket: FakeSocket) =>
  socket.messages().filter((m): m is AlarmsMessage & typeof m => m.messageType === 'alarms') as AlarmsMessage[];

describe('alarms on the live feed', () => {
  it('sends each changed alarm once per flush, in its latest state, to every socket', () => {
    const { hub, clock } = hubOnFakeClock();
    const [a, b] = [new FakeSocket(), new FakeSocket()];
    hub.addClient(a);
    hub.addClient(b);
    a.sent = [];
    b.sent = [];
    hub.publishAlarms([alarm(1, 'unacknowledged'), alarm(2, 'unacknowledged')]);
    hub.publishAlarms([alarm(1, 'acknowledged')]);
    clock.tick();
    for (const socket of [a, b]) {
      expect(socket.messages()).toEqual([
        { messageType: 'alarms', alarms: [alarm(1, 'acknowledged'), alarm(2, 'unacknowledged')] },
      ]);
    }
    clock.tick();
    expect(a.messages()).toHaveLength(1);
  });

  it('gives a connecting socket the open alarms as its snapshot, after systemConfig and before the probes, in either format', () => {
    const { hub, clock } = hubOnFakeClock();
    hub.publishSystemConfig(defaultSystemInfo);
    hub.publishProbe(published(baseProbe('P-1')));
    hub.publishAlarms([alarm(1, 'unacknowledged'), alarm(2, 'returned'), alarm(3, 'shelved')]);
    clock.tick();
    // Changed since the last flush: the snapshot has its latest state, a closed one is left out.
    hub.publishAlarms([alarm(1, 'acknowledged'), alarm(3, 'closed')]);
    for (const format of ['spec', 'compact'] as const) {
      const socket = new FakeSocket();
      hub.addClient(socket, format);
      const kinds = socket.sent.map((b) => {
        const m = JSON.parse(b.toString()) as { messageType?: string; c?: string };
        return m.messageType ?? `compact ${m.c}`;
      });
      expect(kinds).toEqual(['systemConfig', 'alarms', format === 'spec' ? 'probeData' : 'compact s']);
      expect(alarmMessages(socket)).toEqual([
        { messageType: 'alarms', snapshotPart: 0, alarms: [alarm(1, 'acknowledged'), alarm(2, 'returned')] },
      ]);
    }
  });

  it('sends an empty snapshot part 0 when no alarm is open, and a long backlog in parts of at most one slice, one a turn, compressed after part 0', () => {
    const { hub, clock } = hubOnFakeClock();
    const empty = new FakeSocket();
    hub.addClient(empty);
    expect(alarmMessages(empty)).toEqual([{ messageType: 'alarms', snapshotPart: 0, alarms: [] }]);
    const count = maxProbesPerSlice + 10;
    hub.publishAlarms(Array.from({ length: count }, (_, i) => alarm(i + 1, 'returned')));
    const backlog = new FakeSocket();
    hub.addClient(backlog);
    // Part 0 at the connect, before the probes; the next in a later turn (docs/security.md "Probe data bounds").
    expect(alarmMessages(backlog).map((m) => m.snapshotPart)).toEqual([0]);
    clock.turns(1);
    const parts = alarmMessages(backlog);
    expect(parts.map((m) => [m.snapshotPart, m.alarms.length])).toEqual([
      [0, maxProbesPerSlice],
      [1, 10],
    ]);
    expect(parts.flatMap((m) => m.alarms.map((a) => a.id))).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    // Part 0 goes out as it is, as the probes' part 0 does; the backlog's later parts are compressed.
    const isAlarms = backlog.sent.map((b) => b.toString('latin1', 0, 23) === '{"messageType":"alarms"');
    expect(backlog.compressed.filter((_, i) => isAlarms[i])).toEqual([false, true]);
  });

  it('writes each later snapshot part in its turn: an alarm changed meanwhile comes in its new state, one closed not at all', () => {
    const { hub, clock } = hubOnFakeClock();
    const count = 3 * maxProbesPerSlice;
    hub.publishAlarms(Array.from({ length: count }, (_, i) => alarm(i + 1, 'returned')));
    clock.tick();
    const socket = new FakeSocket();
    hub.addClient(socket);
    // Both in the parts not yet written: the last alarm acknowledged, the one before it closed.
    hub.publishAlarms([alarm(count, 'acknowledged'), alarm(count - 1, 'closed')]);
    clock.turns(5);
    const snapshot = alarmMessages(socket).filter((m) => m.snapshotPart !== undefined);
    expect(snapshot.map((m) => m.snapshotPart)).toEqual([0, 1, 2]);
    const alarms = snapshot.flatMap((m) => m.alarms);
    expect(alarms).toHaveLength(count - 1);
    expect(alarms.at(-1)).toEqual(alarm(count, 'acknowledged'));
    expect(alarms.some((a) => a.id === count - 1)).toBe(false);
  });

  it('a restored open list replaces the snapshot every socket holds, and the changes before it are not sent after it', () => {
    const { hub, clock } = hubOnFakeClock();
    const socket = new FakeSocket();
    hub.addClient(socket);
    socket.sent = [];
    hub.publishAlarms([alarm(1, 'unacknowledged')]);
    hub.restoreAlarms([alarm(1, 'acknowledged'), alarm(2, 'returned'), alarm(3, 'closed')]);
    clock.tick();
    expect(alarmMessages(socket)).toEqual([
      { messageType: 'alarms', snapshotPart: 0, alarms: [alarm(1, 'acknowledged'), alarm(2, 'returned')] },
    ]);
    expect(hub.openAlarms().map((a) => a.id)).toEqual([1, 2]);
  });
});
