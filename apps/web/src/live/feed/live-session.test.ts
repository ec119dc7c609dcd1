// A socket frame to the state the rows read (docs/architecture.md (One probe report, end to end)): the session's
// snapshot marking, bad frames, and compact probe data decoded once, into the store's entries, as it is applied.
import { compactRecordText, encodeCompactFields, type Probe } from '@bpm/protocol';
import { describe, expect, it, vi } from 'vitest';
import { manualFrames } from '../../testing/manual-frames';
import { newProbesPerFrame } from '../stores/feed-queue';
import { createLiveSession } from './live-session';
import { makeProbe, probeData, probeDeletion, systemConfig } from '../stores/probe-fixtures';
import { ProbeStore } from '../stores/probe-store';

const log = () => ({ warn: vi.fn(), error: vi.fn() });
const json = (value: unknown) => JSON.stringify(value);
const ids = (n: number) => Array.from({ length: n }, (_, i) => `P-${String(i).padStart(4, '0')}`);
const epoch = 1_763_890_000_000;

/** A compact snapshot part, as the server's compact feed writes it; part 0 carries the handle table of `all`. */
function compactPart(n: [number, number], probes: Probe[], all: Probe[]) {
  const records = probes.map((p) => compactRecordText(all.indexOf(p), null, encodeCompactFields(p, epoch), null));
  const head = n[0] === 0 ? `"t":${epoch},"ids":${json(all.map((p) => p.probeID))},` : '';
  return `{"c":"s","n":${json(n)},${head}"p":[${records.join(',')}]}`;
}

/** A store fed through one session, as the live socket feeds it. */
function feed() {
  const { scheduler, runFrames, frames } = manualFrames();
  const store = new ProbeStore({ scheduler, now: () => 0, log: log() });
  const session = createLiveSession(log());
  session.open();
  const receive = (data: string) => {
    const out = session.receive(data);
    if (out?.compact) store.enqueueCompact(out.compact);
    else if (out) store.enqueue(out.message, out.isSnapshot);
  };
  const probe = (id: string) => store.getEntry(id)?.probe;
  return { store, session, receive, runFrames, frames, probe };
}

describe('live session', () => {
  it('marks the first probeData after open as the snapshot, and only that one', () => {
    const session = createLiveSession(log());
    session.open();
    expect(session.receive(json(systemConfig()))).toMatchObject({ isSnapshot: false });
    expect(session.receive(json(probeData(makeProbe('a'))))).toMatchObject({ isSnapshot: true });
    expect(session.receive(json(probeData(makeProbe('b'))))).toEqual({ message: probeData(makeProbe('b')), isSnapshot: false });
    session.open();
    expect(session.receive(json(probeData(makeProbe('c'))))).toMatchObject({ isSnapshot: true });
  });

  it('passes deletions and other messages on; bad JSON and unknown types are logged and dropped', () => {
    const l = log();
    const session = createLiveSession(l);
    session.open();
    expect(session.receive(json(probeDeletion('a')))).toEqual({ message: probeDeletion('a'), isSnapshot: false });
    expect(session.receive('{nope')).toBeUndefined();
    expect(l.error).toHaveBeenCalled();
    expect(session.receive(json({ messageType: 'other' }))).toBeUndefined();
    expect(l.warn).toHaveBeenCalledWith('Unknown message type', 'other');
  });
});

describe('compact probe data into the store', () => {
  it('decodes a snapshot and a delta to the same probes the spec format sends', () => {
    const a = makeProbe('a', { latitude: 48.1, longitude: 11.5 });
    const b = makeProbe('b', { stateString: 'Warning' });
    const { receive, runFrames, probe, store } = feed();
    receive(compactPart([0, 1], [a, b], [a, b]));
    runFrames();
    expect([probe('a'), probe('b')]).toEqual([a, b]);
    // An update carries only what changed since: the battery of a.
    const next = { ...a, batteryPercentage: 12.25 };
    const delta = compactRecordText(0, null, encodeCompactFields(next, epoch), encodeCompactFields(a, epoch));
    expect(delta).toBe('{"i":0,"p":12.25}');
    receive(`{"c":"d","p":[${delta}]}`);
    runFrames();
    expect(probe('a')).toEqual(next);
    expect(store.getCounts()).toEqual({ total: 2, normal: 1, warning: 1, critical: 0 });
  });

  it("a snapshot's part 0 removes the probes it does not list at once, and keeps those of its later parts", () => {
    const all = ids(600).map((id) => makeProbe(id));
    const { receive, runFrames, store, session } = feed();
    receive(compactPart([0, 1], all, all));
    runFrames();
    expect(store.size).toBe(600);
    // A reconnect whose snapshot no longer lists P-0005, in two parts.
    session.open();
    const kept = all.filter((p) => p.probeID !== 'P-0005');
    receive(compactPart([0, 2], kept.slice(0, 250), kept));
    receive(compactPart([1, 2], kept.slice(250), kept));
    runFrames();
    expect(store.size).toBe(599);
    expect(store.getEntry('P-0005')).toBeUndefined();
    expect(store.getEntry('P-0599')).toBeDefined();
  });

  it('fills an empty store newProbesPerFrame probes a frame, and a delta queued behind the snapshot lands on it', () => {
    const all = ids(600).map((id) => makeProbe(id));
    const { receive, frames, store, probe } = feed();
    receive(compactPart([0, 1], all, all));
    receive('{"c":"d","p":[{"i":0,"s":3}]}');
    const sizes: number[] = [];
    while (frames.length) {
      frames.shift()!();
      sizes.push(store.size);
    }
    expect(sizes).toEqual([newProbesPerFrame, 2 * newProbesPerFrame, 600]);
    expect(probe('P-0000')!.state).toEqual({ state: 3, stateString: 'Critical' });
    expect(store.getCounts().critical).toBe(1);
  });

  it('forgets a deleted probe: a late compact update for its handle changes nothing', () => {
    const a = makeProbe('a');
    const { receive, runFrames, store } = feed();
    receive(compactPart([0, 1], [a], [a]));
    receive(json(probeDeletion('a')));
    receive('{"c":"d","p":[{"i":0,"p":1}]}');
    runFrames();
    expect(store.size).toBe(0);
  });

  it('a full record with an id binds a new handle: a probe added after the snapshot', () => {
    const a = makeProbe('a');
    const b = makeProbe('b', { batteryPercentage: 42 });
    const { receive, runFrames, probe } = feed();
    receive(compactPart([0, 1], [a], [a]));
    receive(`{"c":"d","p":[${compactRecordText(1, 'b', encodeCompactFields(b, epoch), null)}]}`);
    receive('{"c":"d","p":[{"i":1,"p":43}]}');
    runFrames();
    expect(probe('b')).toEqual({ ...b, batteryPercentage: 43 });
  });
});
