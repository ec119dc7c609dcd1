// The live connection's status transitions, logging, backoff and snapshot hand-off (docs/live-feed.md (Connection status), docs/api.md (Live connection errors)).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveFeedLoss } from './feed-loss';
import { parseLiveMessage, reconnectDelayMs, startLiveConnection } from './live-connection';
import { makeProbe, probeData } from '../stores/probe-fixtures';
import { ProbeStore } from '../stores/probe-store';
import { manualFrames } from '../../testing/manual-frames';

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  close = vi.fn(() => {
    this.readyState = FakeSocket.CLOSED;
  });
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeSocket.instances.push(this);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop(code: number) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

function connect() {
  const frames: (() => void)[] = [];
  const store = new ProbeStore({ scheduler: manualFrames({ frames }).scheduler, now: () => 0, log: { warn: vi.fn() } });
  const log = { warn: vi.fn(), error: vi.fn() };
  const stop = startLiveConnection({
    store,
    log,
    url: 'ws://test/',
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    random: () => 1,
  });
  const flush = () => {
    while (frames.length) frames.shift()!();
  };
  return { store, log, stop, flush, socket: () => FakeSocket.instances.at(-1)! };
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('live connection status', () => {
  it('starting sets connecting, open sets connected, a close sets disconnected until the next attempt', () => {
    const { store, socket, stop } = connect();
    expect(store.getStatus()).toBe('connecting');
    socket().open();
    expect(store.getStatus()).toBe('connected');
    const seen: string[] = [];
    store.subscribeSummary(() => seen.push(store.getStatus()));
    socket().drop(1006);
    expect(seen).toEqual(['disconnected']);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['disconnected', 'connecting']);
    stop();
  });

  it('an error sets disconnected and is logged', () => {
    const { store, socket, log, stop } = connect();
    socket().open();
    socket().onerror?.(new Event('error'));
    expect(store.getStatus()).toBe('disconnected');
    expect(log.error).toHaveBeenCalled();
    stop();
  });

  it.each([
    [1000, false],
    [1001, false],
    [1006, true],
    [4001, true],
  ])('close code %i logs a warning: %s', (code, warned) => {
    const { socket, log, stop } = connect();
    socket().open();
    socket().drop(code);
    expect(log.warn).toHaveBeenCalledTimes(warned ? 1 : 0);
    stop();
  });

  it('disconnecting by hand closes an open socket and sets disconnected', () => {
    const { store, socket, stop } = connect();
    socket().open();
    stop();
    expect(socket().close).toHaveBeenCalledWith(1000);
    expect(store.getStatus()).toBe('disconnected');
  });

  it('without WebSocket support: the alert, and disconnected', () => {
    const store = new ProbeStore();
    const alert = vi.fn();
    // jsdom has WebSocket, so simulate its absence through the global.
    const saved = globalThis.WebSocket;
    // @ts-expect-error removing the global on purpose
    delete globalThis.WebSocket;
    try {
      startLiveConnection({ store, alert });
    } finally {
      globalThis.WebSocket = saved;
    }
    expect(alert).toHaveBeenCalledWith('Your browser does not support WebSockets necessary for real-time updates.');
    expect(store.getStatus()).toBe('disconnected');
  });
});

describe('reconnect', () => {
  it('backs off 1 s doubling to 5 s', () => {
    expect([0, 1, 2, 3, 4, 20].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('waits between half the backoff and all of it', () => {
    const waits = [0, 0.5, 0.999].map((r) => {
      FakeSocket.instances = [];
      const stop = startLiveConnection({
        store: new ProbeStore(),
        log: { warn: vi.fn(), error: vi.fn() },
        url: 'ws://test/',
        WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
        random: () => r,
      });
      FakeSocket.instances[0]!.drop(1006);
      let waited = 0;
      while (FakeSocket.instances.length === 1) {
        vi.advanceTimersByTime(1);
        waited += 1;
      }
      stop();
      return waited;
    });
    expect(waits).toEqual([500, 750, 1000]);
  });

  it('tries again at once when the browser is back online, the tab becomes visible, or the user asks', () => {
    const loss = new LiveFeedLoss();
    const stop = startLiveConnection({
      store: new ProbeStore(),
      loss,
      log: { warn: vi.fn(), error: vi.fn() },
      url: 'ws://test/',
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    });
    const dropAll = () => FakeSocket.instances.at(-1)!.drop(1006);
    dropAll();
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.instances).toHaveLength(2);
    // An attempt under way is not doubled.
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.instances).toHaveLength(2);
    dropAll();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSocket.instances).toHaveLength(3);
    dropAll();
    loss.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(4);
    stop();
    loss.reconnectNow();
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.instances).toHaveLength(4);
  });

  it('reconnects after the delay, and the new snapshot replaces the state', () => {
    const { store, socket, flush, stop } = connect();
    socket().open();
    socket().receive(probeData(makeProbe('a'), makeProbe('b')));
    flush();
    socket().drop(1006);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    socket().open();
    socket().receive(probeData(makeProbe('b')));
    socket().receive(probeData(makeProbe('c')));
    flush();
    expect([...store.probeIDs()].sort()).toEqual(['b', 'c']);
    stop();
  });
});

describe('the socket runs the live session', () => {
  it('a snapshot applied over several frames removes only the probes it does not list, from its first frame on', () => {
    let elapsed = 0;
    const frames: (() => void)[] = [];
    // Each budget check sees 10 ms more: a frame stops after 256 probes.
    const store = new ProbeStore({
      scheduler: manualFrames({ frames, elapsedMs: () => (elapsed += 10) }).scheduler,
      now: () => 0,
      log: { warn: vi.fn() },
    });
    const stop = startLiveConnection({
      store,
      log: { warn: vi.fn(), error: vi.fn() },
      url: 'ws://test/',
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    const ids = Array.from({ length: 600 }, (_, i) => `P-${i}`);
    const socket = FakeSocket.instances.at(-1)!;
    socket.open();
    socket.receive(probeData(...ids.map((id) => makeProbe(id))));
    while (frames.length) frames.shift()!();
    expect(store.size).toBe(600);
    socket.drop(1006);
    vi.advanceTimersByTime(1000);
    const next = FakeSocket.instances.at(-1)!;
    next.open();
    next.receive(probeData(...ids.filter((id) => id !== 'P-5').map((id) => makeProbe(id))));
    frames.shift()!();
    expect(frames).toHaveLength(1); // the rest of the snapshot waits for the next frame
    expect(store.size).toBe(599);
    expect(store.getEntry('P-5')).toBeUndefined();
    stop();
  });

  it('asks for the compact format unless the spec format is asked for', () => {
    const { socket, stop } = connect();
    expect(socket().protocols).toEqual(['bpm.compact.v1']);
    stop();
    const spec = startLiveConnection({
      format: 'spec',
      store: new ProbeStore(),
      url: 'ws://test/',
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    expect(FakeSocket.instances.at(-1)!.protocols).toEqual([]);
    spec();
  });
});

describe('feed loss', () => {
  it('keeps the time the open feed was lost through failed attempts, and clears it on reconnect', () => {
    const frames: (() => void)[] = [];
    const store = new ProbeStore({ scheduler: manualFrames({ frames }).scheduler, now: () => 0, log: { warn: vi.fn() } });
    const loss = new LiveFeedLoss();
    let clock = 1_000;
    const stop = startLiveConnection({
      store,
      loss,
      now: () => clock,
      log: { warn: vi.fn(), error: vi.fn() },
      url: 'ws://test/',
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    });
    const socket = () => FakeSocket.instances.at(-1)!;
    // A first connection that never opened is not a loss of live data.
    socket().drop(1006);
    expect(loss.getLostAtMs()).toBeNull();
    vi.advanceTimersByTime(1000);
    socket().open();
    clock = 5_000;
    socket().drop(1006);
    expect(loss.getLostAtMs()).toBe(5_000);
    clock = 7_000;
    vi.advanceTimersByTime(2000);
    socket().drop(1006);
    expect(loss.getLostAtMs()).toBe(5_000);
    vi.advanceTimersByTime(4000);
    socket().open();
    expect(loss.getLostAtMs()).toBeNull();
    stop();
  });
});

describe('messages', () => {
  it('invalid JSON is logged and dropped; an unknown type is logged and ignored', () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    expect(parseLiveMessage('{nope', log)).toBeNull();
    expect(log.error).toHaveBeenCalled();
    expect(parseLiveMessage('{"messageType":"other"}', log)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith('Unknown message type', 'other');
    expect(parseLiveMessage('{"messageType":"probeDeletion","probes":[]}', log)).toEqual({
      messageType: 'probeDeletion',
      probes: [],
    });
  });
});
