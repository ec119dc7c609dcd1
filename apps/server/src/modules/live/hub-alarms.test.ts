// The live `alarms` message (docs/alarms.md): alarms changed since the last flush go to every socket
// with the next flush, the latest state of each once; nothing is sent when nothing changed.
import type { Alarm } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { LiveHub } from './hub.js';
import { FakeSocket } from './fake-socket.testing.js';

const alarm = (id: number, state: Alarm['state']) => ({ id, state, probeID: 'P-1' }) as Alarm;

describe('alarms on the live feed', () => {
  it('sends each changed alarm once per flush, in its latest state, to every socket', () => {
    const hub = new LiveHub({ flushIntervalMs: 100, maxBufferedBytes: 1000 });
    const [a, b] = [new FakeSocket(), new FakeSocket()];
    hub.addClient(a);
    hub.addClient(b);
    a.sent = [];
    b.sent = [];
    hub.publishAlarms([alarm(1, 'unacknowledged'), alarm(2, 'unacknowledged')]);
    hub.publishAlarms([alarm(1, 'acknowledged')]);
    hub.flush();
    for (const socket of [a, b]) {
      expect(socket.messages()).toEqual([
        { messageType: 'alarms', alarms: [alarm(1, 'acknowledged'), alarm(2, 'unacknowledged')] },
      ]);
    }
    hub.flush();
    expect(a.messages()).toHaveLength(1);
  });
});
