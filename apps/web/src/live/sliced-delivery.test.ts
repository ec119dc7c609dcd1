// The worker's hand-on in slices: a large snapshot part's first chunk goes at once, the rest in later tasks, and
// the socket's order is kept (docs/decisions/dashboard.md#sliced-delivery).
import { compactRecordText, encodeCompactFields, type Probe } from '@bpm/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createLiveSession, type SessionMessage } from './live-session';
import { makeProbe, systemConfig } from './probe-fixtures';
import { SlicedDelivery } from './sliced-delivery';

const log = () => ({ warn: vi.fn(), error: vi.fn() });
const probes = (n: number, from = 0) => Array.from({ length: n }, (_, i) => makeProbe(`P-${from + i}`));

/** A compact snapshot part as the server writes it: part 0 carries the handle table of every part. */
function snapshotPart(part: number, parts: number, records: Probe[], handleOf: (p: Probe) => number, all: Probe[]) {
  const text = records.map((p) => compactRecordText(handleOf(p), null, encodeCompactFields(p, 0), null));
  const head = part === 0 ? `"t":0,"ids":${JSON.stringify(all.map((p) => p.probeID))},` : '';
  return `{"c":"s","n":[${part},${parts}],${head}"p":[${text.join(',')}]}`;
}

/** Each delivered message costs 5 ms of a fake clock; continuations wait in `tasks` until run. */
function setup() {
  let now = 0;
  const tasks: (() => void)[] = [];
  const delivered: SessionMessage[] = [];
  const delivery = new SlicedDelivery<SessionMessage>(
    (message) => {
      delivered.push(message);
      now += 5;
    },
    { budgetMs: 8, elapsedMs: () => now, schedule: (run) => tasks.push(run) },
  );
  const session = createLiveSession(log(), 250);
  session.open();
  const sizes = () => delivered.map((d) => (d.message.messageType === 'probeData' ? d.message.probes.length : d.message.messageType));
  return { delivery, session, delivered, tasks, sizes };
}

describe('sliced delivery of the live session', () => {
  const all = probes(1250);
  const handleOf = (p: Probe) => all.indexOf(p);
  const part0 = snapshotPart(0, 2, all.slice(0, 250), handleOf, all);
  const part1 = snapshotPart(1, 2, all.slice(250), handleOf, all);

  it('hands on the first rows at once, and a 1,000-probe part over later tasks, a chunk decoded at a time', () => {
    const { delivery, session, tasks, sizes, delivered } = setup();
    delivery.add(session.receiveInSlices(JSON.stringify(systemConfig())));
    delivery.add(session.receiveInSlices(part0));
    // systemConfig and part 0 (the dashboard's first rows) in the task that received them.
    expect(sizes()).toEqual(['systemConfig', 250]);
    expect(delivered[1]).toMatchObject({ isSnapshot: true, keepIDs: all.map((p) => p.probeID) });
    delivery.add(session.receiveInSlices(part1));
    // Part 1's frame is a task of its own: two of its four chunks fit its budget, the other two wait for a later task.
    expect(sizes()).toEqual(['systemConfig', 250, 250, 250]);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    expect(sizes()).toEqual(['systemConfig', 250, 250, 250, 250, 250]);
    expect(delivered.slice(2).flatMap((d) => (d.message.messageType === 'probeData' ? d.message.probes : []))).toEqual(all.slice(250));
  });

  it('keeps the socket order: a frame received while a part is still being handed on comes after it', () => {
    const { delivery, session, tasks, delivered } = setup();
    delivery.add(session.receiveInSlices(part0));
    delivery.add(session.receiveInSlices(part1));
    const update = { ...all[0]!, batteryPercentage: 3 };
    delivery.add(
      session.receiveInSlices(`{"c":"d","p":[${compactRecordText(0, null, encodeCompactFields(update, 0), encodeCompactFields(all[0]!, 0))}]}`),
    );
    while (tasks.length > 0) tasks.shift()!();
    const last = delivered.at(-1)!.message;
    expect(last).toEqual({ messageType: 'probeData', probes: [update] });
    expect(delivered.slice(0, -1).flatMap((d) => (d.message.messageType === 'probeData' ? d.message.probes : []))).toEqual(all);
  });

  it('hands on everything still queued at once when asked (the socket closed)', () => {
    const { delivery, session, tasks, sizes } = setup();
    delivery.add(session.receiveInSlices(part0));
    delivery.add(session.receiveInSlices(part1));
    delivery.deliverAll();
    expect(sizes()).toEqual([250, 250, 250, 250, 250]);
    // The continuation that was due finds nothing left.
    tasks.shift()!();
    expect(sizes()).toHaveLength(5);
  });
});
