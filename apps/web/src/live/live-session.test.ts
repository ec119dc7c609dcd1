// The one live session (used by the socket worker and the main-thread socket): snapshot marking, chunks
// with keepIDs, deletions, bad frames, and the compact format decoded to the same probes.
import { CompactDecoder, compactRecordText, encodeCompactFields, type Probe } from '@bpm/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createLiveSession, type SessionMessage } from './live-session';
import { makeProbe, probeData, probeDeletion, systemConfig } from './probe-fixtures';
import { ProbeStore } from './probe-store';

const log = () => ({ warn: vi.fn(), error: vi.fn() });
const json = (value: unknown) => JSON.stringify(value);
const probesOf = (out: SessionMessage[]) => out.flatMap((o) => (o.message.messageType === 'probeData' ? o.message.probes : []));
const ids = (n: number, skip?: number) =>
  Array.from({ length: n }, (_, i) => `P-${i}`).filter((id) => id !== (skip === undefined ? undefined : `P-${skip}`));

/** A compact snapshot (one part) and delta of these probes, as the server's compact feed writes them. */
function compactSnapshot(probes: Probe[], epochMs = 0) {
  const records = probes.map((p, i) => compactRecordText(i, null, encodeCompactFields(p, epochMs), null));
  return `{"c":"s","n":[0,1],"t":${epochMs},"ids":${json(probes.map((p) => p.probeID))},"p":[${records.join(',')}]}`;
}

describe('live session', () => {
  it('marks the first probeData after open as the snapshot, and only that one', () => {
    const session = createLiveSession(log());
    session.open();
    expect(session.receive(json(systemConfig()))).toMatchObject([{ isSnapshot: false }]);
    expect(session.receive(json(probeData(makeProbe('a'))))).toMatchObject([{ isSnapshot: true, keepIDs: ['a'] }]);
    expect(session.receive(json(probeData(makeProbe('b'))))).toEqual([{ message: probeData(makeProbe('b')), isSnapshot: false }]);
    session.open();
    expect(session.receive(json(probeData(makeProbe('c'))))[0]).toMatchObject({ isSnapshot: true, keepIDs: ['c'] });
  });

  it('hands a large snapshot on in chunks, the first carrying every ID of the snapshot', () => {
    const session = createLiveSession(log(), 250);
    session.open();
    const out = session.receive(json(probeData(...ids(600).map((id) => makeProbe(id)))));
    expect(out.map((o) => probesOf([o]).length)).toEqual([250, 250, 100]);
    expect(out.map((o) => o.isSnapshot)).toEqual([true, false, false]);
    expect(out[0]!.keepIDs).toEqual(ids(600));
    expect(out[1]!.keepIDs).toBeUndefined();
  });

  it('a chunked snapshot removes only the probes it does not list, from its first chunk on (keepIDs)', () => {
    const frames: (() => void)[] = [];
    // A still clock: the frame budget never runs out, so each frame applies all it has however busy the machine.
    const store = new ProbeStore({ scheduleFrame: (f) => frames.push(f), now: () => 0, elapsedMs: () => 0, log: log() });
    store.enqueue(probeData(...ids(600).map((id) => makeProbe(id))));
    // New probes fill the store over several frames (newProbesPerFrame).
    while (frames.length) frames.shift()!();
    expect(store.size).toBe(600);
    const session = createLiveSession(log(), 250);
    session.open();
    const [first] = session.receive(json(probeData(...ids(600, 5).map((id) => makeProbe(id)))));
    // Only the first chunk is applied: probes of the later chunks must still be there.
    store.enqueue(first!.message, first!.isSnapshot, first!.keepIDs);
    frames.shift()!();
    expect(store.size).toBe(599);
    expect(store.getEntry('P-5')).toBeUndefined();
    expect(store.getEntry('P-599')).toBeDefined();
  });

  it('passes deletions and other messages on; bad JSON and unknown types are logged and dropped', () => {
    const l = log();
    const session = createLiveSession(l);
    session.open();
    expect(session.receive(json(probeDeletion('a')))).toEqual([{ message: probeDeletion('a'), isSnapshot: false }]);
    expect(session.receive('{nope')).toEqual([]);
    expect(l.error).toHaveBeenCalled();
    expect(session.receive(json({ messageType: 'other' }))).toEqual([]);
    expect(l.warn).toHaveBeenCalledWith('Unknown message type', 'other');
  });

  it('decodes the compact format to the same probes, the snapshot part carrying keepIDs', () => {
    const a = makeProbe('a', { latitude: 48.1, longitude: 11.5 });
    const b = makeProbe('b', { stateString: 'Warning' });
    const session = createLiveSession(log());
    session.open();
    const snapshot = session.receive(compactSnapshot([a, b], 1_763_890_000_000));
    expect(snapshot).toEqual([{ message: probeData(a, b), isSnapshot: true, keepIDs: ['a', 'b'], inSnapshot: true }]);
    // An update carries only what changed since: the battery of a.
    const next = { ...a, batteryPercentage: 12.25 };
    const fields = encodeCompactFields(next, 1_763_890_000_000);
    const delta = compactRecordText(0, null, fields, encodeCompactFields(a, 1_763_890_000_000));
    expect(delta).toBe('{"i":0,"p":12.25}');
    expect(session.receive(`{"c":"d","p":[${delta}]}`)).toEqual([{ message: probeData(next), isSnapshot: false }]);
  });

  it('forgets a deleted probe: a late compact update for its handle changes nothing', () => {
    const session = createLiveSession(log());
    session.open();
    session.receive(compactSnapshot([makeProbe('a')]));
    session.receive(json(probeDeletion('a')));
    expect(session.receive('{"c":"d","p":[{"i":0,"p":1}]}')).toEqual([]);
  });

  it('in slices, decodes a compact part one chunk at a time, as each is asked for', () => {
    const records = vi.spyOn(CompactDecoder.prototype, 'records');
    const session = createLiveSession(log(), 250);
    session.open();
    const all = ids(600).map((id) => makeProbe(id));
    const chunks = session.receiveInSlices(compactSnapshot(all))[Symbol.iterator]();
    const first = chunks.next();
    expect(first.value).toMatchObject({ isSnapshot: true, keepIDs: ids(600) });
    expect(probesOf([first.value as SessionMessage])).toEqual(all.slice(0, 250));
    expect(records.mock.calls.map(([, from, to]) => [from, to])).toEqual([[0, 250]]);
    expect(probesOf([...{ [Symbol.iterator]: () => chunks }])).toEqual(all.slice(250));
    expect(records.mock.calls.map(([, from, to]) => [from, to])).toEqual([[0, 250], [250, 500], [500, 750]]);
    records.mockRestore();
  });

  it('marks every chunk of a snapshot, of every part, and no update chunk, so the worker posts them at once', () => {
    const session = createLiveSession(log(), 2);
    session.open();
    const all = ids(6).map((id) => makeProbe(id));
    const part = (n: number, probes: Probe[], head: string) => {
      const records = probes.map((p) => compactRecordText(all.indexOf(p), null, encodeCompactFields(p, 0), null));
      return `{"c":"s","n":[${n},2],${head}"p":[${records.join(',')}]}`;
    };
    const snapshot = [
      ...session.receive(part(0, all.slice(0, 3), `"t":0,"ids":${json(ids(6))},`)),
      ...session.receive(part(1, all.slice(3), '')),
    ];
    expect(snapshot.map((m) => [m.isSnapshot, m.inSnapshot])).toEqual([
      [true, true],
      [false, true],
      [false, true],
      [false, true],
    ]);
    const update = session.receive(`{"c":"d","p":[{"i":0,"p":1},{"i":1,"p":1},{"i":2,"p":1}]}`);
    expect(update.map((m) => [m.isSnapshot, m.inSnapshot])).toEqual([
      [false, undefined],
      [false, undefined],
    ]);
    const spec = createLiveSession(log(), 2);
    spec.open();
    expect(spec.receive(json(probeData(...all.slice(0, 3)))).map((m) => m.inSnapshot)).toEqual([true, true]);
    expect(spec.receive(json(probeData(...all.slice(0, 3)))).map((m) => m.inSnapshot)).toEqual([undefined, undefined]);
  });
});
