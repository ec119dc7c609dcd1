// The live worker's posts (worker-outbox.ts, docs/decisions/dashboard.md#worker-posts-every-16-ms): updates decoded within
// one post interval cross in one message, a snapshot's chunks at once, and the page hands the store the same
// probes and messages in the same order as when every chunk was its own post.
import type { LiveMessage, Probe } from '@bpm/protocol';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { decodeWorkerEvent, encodeWorkerEvent, type WorkerEvent } from './live-message';
import { createLiveSession, type SessionMessage } from './live-session';
import { workerEventReader } from './live-socket';
import { event, makeProbe, probeData, probeDeletion, systemConfig } from './probe-fixtures';
import { newProbesPerFrame } from './frame-budget';
import { ProbeStore } from './probe-store';
import { SlicedDelivery } from './sliced-delivery';
import { maxProbesPerPost, snapshotChunksAhead, WorkerOutbox } from './worker-outbox';

const log = () => ({ warn: vi.fn(), error: vi.fn() });

/** Outbox with a manual timer; `posts` are what the page receives (decoded from the JSON text the worker posts). */
function outboxWithTimer() {
  const timers: (() => void)[] = [];
  const posts: WorkerEvent[] = [];
  const outbox = new WorkerOutbox((e) => posts.push(decodeWorkerEvent(encodeWorkerEvent(e))), {
    after: (_ms, run) => timers.push(run),
  });
  const elapse = () => timers.splice(0).forEach((run) => run());
  return { outbox, posts, elapse };
}

/** A probe as the store takes it: a message's first marks a snapshot (and its IDs), where the message ends does not matter. */
const handedProbe = (probe: Probe, i: number, isSnapshot: boolean, keepIDs?: readonly string[]) =>
  i === 0 && isSnapshot ? { probe, isSnapshot, keepIDs } : { probe, isSnapshot: false };

/** What the page hands the store, one entry per probe or message, in order. */
function pageOf(posts: WorkerEvent[]) {
  const handed: unknown[] = [];
  const read = workerEventReader({
    onOpen: () => handed.push('open'),
    onMessage: (message, isSnapshot, keepIDs) => {
      if (message.messageType !== 'probeData') handed.push({ message, isSnapshot });
      else message.probes.forEach((probe, i) => handed.push(handedProbe(probe, i, isSnapshot, keepIDs)));
    },
    onError: () => handed.push('error'),
    onClose: (code) => handed.push(`close ${code}`),
  });
  posts.forEach(read);
  return handed;
}

const json = (message: LiveMessage) => JSON.stringify(message);
const ids = (n: number, prefix = 'P') => Array.from({ length: n }, (_, i) => makeProbe(`${prefix}-${i}`));

describe('the live worker outbox', () => {
  it('posts the update frames that arrive within one interval as one message, after the snapshot chunk by chunk', () => {
    const { outbox, posts, elapse } = outboxWithTimer();
    const session = createLiveSession(log(), 250);
    const tasks: (() => void)[] = [];
    const delivery = new SlicedDelivery<SessionMessage>((m) => outbox.add(m), {
      elapsedMs: () => 0,
      schedule: (run) => tasks.push(run),
    });
    session.open();
    delivery.add(session.receiveInSlices(json(probeData(...ids(600)))));
    // The snapshot's first two chunks go at once, none waiting for the interval; the third once the page has
    // taken the first.
    const chunks = () => posts.map((p) => p.type === 'probes' && [p.patches.length, p.isSnapshot]);
    expect(chunks()).toEqual([
      [250, true],
      [250, false],
    ]);
    outbox.taken();
    expect(chunks()).toEqual([
      [250, true],
      [250, false],
      [100, false],
    ]);
    // Five flush frames (a server flush sliced across its event loop's turns) and an alarms message among them.
    for (let frame = 0; frame < 5; frame++) {
      const update = Array.from({ length: 300 }, (_, i) => makeProbe(`P-${i}`, { batteryPercentage: frame }));
      delivery.add(session.receiveInSlices(json(probeData(...update))));
      if (frame === 2)
        delivery.add(session.receiveInSlices(json({ messageType: 'alarms', alarms: [] } as unknown as LiveMessage)));
    }
    expect(posts).toHaveLength(3);
    elapse();
    expect(posts).toHaveLength(4);
    const batch = posts[3]!;
    expect(
      batch.type === 'batch' && batch.events.map((e) => (e.type === 'probes' ? e.patches.length : e.message.messageType)),
    ).toEqual([900, 'alarms', 600]);
    // The page hands on each probe's newest battery last: 600 snapshot probes, then 5 × 300 updates and the alarms.
    const handed = pageOf(posts);
    expect(handed).toHaveLength(600 + 1500 + 1);
    expect((handed.at(-1) as { probe: Probe }).probe).toMatchObject({ probeID: 'P-299', batteryPercentage: 4 });
  });

  it('posts waiting updates before a snapshot chunk, an error or a close', () => {
    const { outbox, posts, elapse } = outboxWithTimer();
    outbox.add({ message: probeData(makeProbe('a')), isSnapshot: false });
    outbox.add({ message: probeData(makeProbe('b')), isSnapshot: true, keepIDs: ['b'], inSnapshot: true });
    outbox.add({ message: probeData(makeProbe('b', { batteryPercentage: 5 })), isSnapshot: false });
    outbox.postNow({ type: 'error' });
    outbox.add({ message: probeDeletion('b'), isSnapshot: false });
    outbox.postNow({ type: 'close', code: 1006 });
    elapse();
    expect(posts.map((p) => p.type)).toEqual(['probes', 'probes', 'probes', 'error', 'message', 'close']);
    expect(pageOf(posts)).toEqual([
      { probe: makeProbe('a'), isSnapshot: false },
      { probe: makeProbe('b'), isSnapshot: true, keepIDs: ['b'] },
      { probe: makeProbe('b', { batteryPercentage: 5 }), isSnapshot: false },
      'error',
      { message: probeDeletion('b'), isSnapshot: false },
      'close 1006',
    ]);
  });

  it("keeps the snapshot's chunks beyond snapshotChunksAhead, and what follows them, until the page's store has applied those before", () => {
    const { outbox, posts, elapse } = outboxWithTimer();
    const session = createLiveSession(log(), 250);
    const store = new ProbeStore({ scheduleFrame: () => {}, now: () => 0, elapsedMs: () => 0, log: log() });
    let read = 0;
    const readPosts = workerEventReader(
      {
        onOpen: () => {},
        onMessage: (message, isSnapshot, keepIDs, onApplied) => store.enqueue(message, isSnapshot, keepIDs, onApplied),
        onError: () => {},
        onClose: () => {},
      },
      () => outbox.taken(),
    );
    const pageReads = () => posts.slice(read).forEach((post) => ((read += 1), readPosts(post)));
    session.open();
    for (const m of session.receive(json(probeData(...ids(1000))))) outbox.add(m);
    for (const m of session.receive(json(probeData(makeProbe('P-0', { batteryPercentage: 1 }))))) outbox.add(m);
    elapse();
    expect(posts).toHaveLength(snapshotChunksAhead);
    pageReads();
    // While the store is held (the page renders), it takes nothing, and nothing more crosses.
    const release = store.holdMessages(1000);
    store.flush();
    expect(posts).toHaveLength(snapshotChunksAhead);
    release();
    // Each frame applies newProbesPerFrame new probes, about a chunk, and the worker sends the next in its place.
    for (let frame = 1; frame <= 4; frame++) {
      store.flush();
      pageReads();
      expect(store.size).toBe(Math.min(1000, frame * newProbesPerFrame));
    }
    // The update behind the snapshot crossed after its last chunk.
    elapse();
    pageReads();
    store.flush();
    expect(store.getEntry('P-0')!.probe.batteryPercentage).toBe(1);
    expect(store.size).toBe(1000);
  });

  it('posts at once when the waiting updates reach maxProbesPerPost probes (a catch-up), so no post is one long clone', () => {
    const { outbox, posts, elapse } = outboxWithTimer();
    const chunk = (from: number) => ({ message: probeData(...ids(250, `C${from}`)), isSnapshot: false });
    for (let i = 0; i < 10; i++) outbox.add(chunk(i));
    const sizes = () => posts.map((p) => (p.type === 'probes' ? p.patches.length : p.type));
    expect(sizes()).toEqual([maxProbesPerPost]);
    elapse();
    expect(sizes()).toEqual([maxProbesPerPost, 500]);
  });

  /** A probe in one of a few states, with persistent and transient events, some with a field gone (a patch carries it as undefined). */
  const probeArb = fc
    .record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      stateString: fc.constantFrom('Normal', 'Warning', 'Critical'),
      battery: fc.constantFrom(10, 50, 90),
      events: fc.constantFrom([], [23], [10], [10, 23]),
      noLatitude: fc.boolean(),
    })
    .map(({ id, stateString, battery, events, noLatitude }) => {
      const probe = makeProbe(id, { stateString, batteryPercentage: battery, events: events.map((code) => event(code)) });
      if (noLatitude) delete (probe as Partial<Probe>).latitude;
      return probe;
    });
  const stepArb = fc.oneof(
    fc.record({ kind: fc.constant('update' as const), probes: fc.array(probeArb, { maxLength: 6 }) }),
    fc.record({ kind: fc.constant('snapshot' as const), probes: fc.array(probeArb, { maxLength: 6 }) }),
    fc.record({ kind: fc.constant('delete' as const), ids: fc.subarray(['a', 'b', 'c', 'd']) }),
    fc.record({ kind: fc.constant('config' as const), timeout: fc.constantFrom(5, 10) }),
    fc.record({ kind: fc.constant('interval' as const) }),
    fc.record({ kind: fc.constant('taken' as const) }),
  );

  function storeOf(messages: { message: LiveMessage; isSnapshot: boolean; keepIDs?: readonly string[] }[]) {
    const store = new ProbeStore({ scheduleFrame: () => {}, now: () => 0, elapsedMs: () => 0, log: log() });
    for (const { message, isSnapshot, keepIDs } of messages) store.enqueue(message, isSnapshot, keepIDs);
    store.flush();
    return {
      counts: store.getCounts(),
      // A history is compared by what it holds: its ring's place in a shared slab differs from store to store.
      entries: [...store.allEntries()]
        .sort((x, y) => x.probe.probeID.localeCompare(y.probe.probeID))
        .map((entry) => ({ ...entry, history: entry.history.samples() })),
    };
  }

  it('hands the store the same probes and messages in the same order as one post per chunk (random streams)', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 25 }), (steps) => {
        const { outbox, posts, elapse } = outboxWithTimer();
        const decoded: SessionMessage[] = [];
        const chunks = (probes: Probe[], snapshot: boolean): SessionMessage[] =>
          Array.from({ length: Math.max(1, Math.ceil(probes.length / 2)) }, (_, i) => {
            const message = probeData(...probes.slice(i * 2, i * 2 + 2));
            if (!snapshot) return { message, isSnapshot: false };
            return i === 0
              ? { message, isSnapshot: true, keepIDs: probes.map((p) => p.probeID), inSnapshot: true }
              : { message, isSnapshot: false, inSnapshot: true };
          });
        for (const step of steps) {
          let out: SessionMessage[] = [];
          if (step.kind === 'interval') elapse();
          else if (step.kind === 'taken') outbox.taken();
          else if (step.kind === 'update') out = step.probes.length ? chunks(step.probes, false) : [];
          else if (step.kind === 'snapshot') out = chunks(step.probes, true);
          else if (step.kind === 'delete') out = [{ message: probeDeletion(...step.ids), isSnapshot: false }];
          else out = [{ message: systemConfig(step.timeout), isSnapshot: false }];
          for (const m of out) {
            decoded.push(m);
            outbox.add(m);
          }
        }
        outbox.postNow({ type: 'close', code: 1000 });
        // One by one: what the session decoded, handed on as it was.
        const expected = decoded.flatMap(({ message, isSnapshot, keepIDs }): unknown[] =>
          message.messageType !== 'probeData'
            ? [{ message, isSnapshot }]
            : message.probes.map((probe, i) => handedProbe(probe, i, isSnapshot, keepIDs)),
        );
        expect(pageOf(posts)).toEqual([...expected, 'close 1000']);
        // And the store ends in the same state (probes, counts, versions, histories, events, watchdogs).
        const received: { message: LiveMessage; isSnapshot: boolean; keepIDs?: readonly string[] }[] = [];
        const read = workerEventReader({
          onOpen: () => {},
          onMessage: (message, isSnapshot, keepIDs) => received.push({ message, isSnapshot, keepIDs }),
          onError: () => {},
          onClose: () => {},
        });
        posts.forEach(read);
        expect(storeOf(received)).toEqual(storeOf(decoded));
      }),
      { numRuns: 300 },
    );
  });
});
