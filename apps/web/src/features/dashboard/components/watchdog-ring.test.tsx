// The watchdog ring over the live store (docs/probe-data.md (Client watchdog)): it counts down at every 100 ms tick,
// while React renders it only when its digit or label changes (docs/decisions/dashboard.md, Rounds 12 and 21 (steady)).
// jsdom has no canvas, so each canvas here gets a context that keeps the arcs stroked on it; the pixels themselves
// are checked in a real browser (e2e/operator-screen.spec.ts).
import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { event, makeProbe, probeData, systemConfig } from '../../../live/probe-fixtures';
import { probeStore } from '../../../live/probe-store';
import { watchdogRingColour, type WatchdogStatus } from '../../../live/watchdog';
import { renderWithProviders } from '../../../testing/render';
import { WatchdogRing, watchdogArc } from './watchdog-ring';
import type { LiveMessage } from '@bpm/protocol';

function feed(...messages: LiveMessage[]) {
  act(() => {
    for (const m of messages) probeStore.enqueue(m);
    probeStore.flush();
  });
}

const ticks = (n: number) =>
  act(() => {
    for (let i = 0; i < n; i++) probeStore.advanceClock();
  });

interface Stroke {
  colour: string;
  /** Radians from the top, clockwise. */
  sweep: number;
}

/** Per canvas, the strokes since its last clearRect: the track, then the arc. */
const strokes = new WeakMap<HTMLCanvasElement, Stroke[]>();

function strokeRecorder(canvas: HTMLCanvasElement) {
  let path = 0;
  return {
    strokeStyle: '',
    lineWidth: 1,
    setTransform() {},
    clearRect: () => strokes.set(canvas, []),
    beginPath: () => (path = 0),
    arc: (_x: number, _y: number, _r: number, start: number, end: number) => (path = end - start),
    stroke(this: { strokeStyle: string }) {
      strokes.get(canvas)!.push({ colour: this.strokeStyle, sweep: path });
    },
  };
}

beforeEach(() => {
  const contexts = new WeakMap<HTMLCanvasElement, ReturnType<typeof strokeRecorder>>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    if (!contexts.has(this)) contexts.set(this, strokeRecorder(this));
    return contexts.get(this) as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
});

afterEach(() => {
  vi.restoreAllMocks();
  act(() => probeStore.reset());
});

const alertedRed = '#f03e3e'; // the theme's red.7

/** The ring and its commits: React's Profiler reports every commit that rendered the ring. */
function renderRing() {
  const commits = { count: 0 };
  renderWithProviders(
    <Profiler id="ring" onRender={() => (commits.count += 1)}>
      <WatchdogRing probeID="P-1" />
    </Profiler>,
  );
  const ring = () => screen.getByRole('img', { name: /^Watchdog/ });
  /** The arc as last painted: its sweep and colour (none when nothing of it is left). */
  const arc = (): Stroke | undefined => strokes.get(ring().querySelector('canvas')!)?.[1];
  return { commits, ring, arc };
}

const sweepOf = (status: WatchdogStatus) => 2 * Math.PI * watchdogArc(status, alertedRed).share;

describe('WatchdogRing', () => {
  it('moves its arc and colour at every tick, and renders only when the whole second it shows changes', () => {
    feed(systemConfig(10), probeData(makeProbe('P-1')));
    const { commits, ring, arc } = renderRing();
    expect(ring()).toHaveAccessibleName('Watchdog 10 s left');
    expect(arc()?.sweep).toBeCloseTo(2 * Math.PI);
    commits.count = 0;

    const seen = new Set<number>();
    for (let tenths = 99; tenths > 90; tenths--) {
      ticks(1);
      const status = { timeoutSeconds: 10, timeRemaining: tenths / 10, alerted: false };
      expect(arc()).toEqual({ colour: watchdogRingColour(status), sweep: sweepOf(status) });
      seen.add(arc()!.sweep);
    }
    // Nine different arcs, still "10 s left" (9.1 s rounds up), and not one React render for them.
    expect(seen.size).toBe(9);
    expect(ring()).toHaveAccessibleName('Watchdog 10 s left');
    expect(commits.count).toBe(0);

    ticks(1);
    expect(ring()).toHaveAccessibleName('Watchdog 9 s left');
    expect(ring()).toHaveTextContent('9');
    expect(commits.count).toBe(1);
  });

  it('a report resets the arc to full even when the digit it shows stays the same', () => {
    feed(systemConfig(10), probeData(makeProbe('P-1')));
    const { commits, ring, arc } = renderRing();
    const full = arc()!.sweep;
    ticks(3);
    expect(arc()!.sweep).toBeLessThan(full);
    commits.count = 0;

    feed(probeData(makeProbe('P-1')));
    expect(arc()!.sweep).toBe(full);
    expect(ring()).toHaveAccessibleName('Watchdog 10 s left');
    expect(commits.count).toBe(0);
  });

  it('once alerted shows a full red ring around a bold red 0, by event 0 or at expiry', () => {
    feed(systemConfig(2), probeData(makeProbe('P-1')));
    const { ring, arc } = renderRing();
    ticks(20);
    expect(ring()).toHaveAccessibleName('Watchdog alerted');
    expect(ring()).toHaveTextContent('0');
    expect(arc()).toEqual({ colour: alertedRed, sweep: 2 * Math.PI });

    feed(probeData(makeProbe('P-1')));
    expect(ring()).toHaveAccessibleName('Watchdog 2 s left');
    expect(arc()).toEqual({
      colour: watchdogRingColour({ timeoutSeconds: 2, timeRemaining: 2, alerted: false }),
      sweep: 2 * Math.PI,
    });

    feed(probeData(makeProbe('P-1', { events: [event(0, { timeoutSeconds: 2 })] })));
    expect(ring()).toHaveAccessibleName('Watchdog alerted');
    expect(arc()).toEqual({ colour: alertedRed, sweep: 2 * Math.PI });
  });

  it('a ring that takes the canvas another ring left paints its own arc on it', () => {
    feed(systemConfig(10), probeData(makeProbe('P-1')));
    const first = renderWithProviders(<WatchdogRing probeID="P-1" />);
    const canvas = screen.getByRole('img', { name: /^Watchdog/ }).querySelector('canvas')!;
    ticks(30);
    expect(strokes.get(canvas)![1]!.sweep).toBeCloseTo(2 * Math.PI * 0.7);
    first.unmount();

    feed(probeData(makeProbe('P-2')));
    renderWithProviders(<WatchdogRing probeID="P-2" />);
    const ring = screen.getByRole('img', { name: 'Watchdog 10 s left' });
    expect(ring.querySelector('canvas')).toBe(canvas);
    expect(strokes.get(canvas)![1]!.sweep).toBeCloseTo(2 * Math.PI);
  });

  it('draws the arc of a probe that arrives after the ring was mounted', () => {
    feed(systemConfig(10));
    const { ring, arc } = renderRing();
    expect(screen.queryByRole('img', { name: /^Watchdog/ })).toBeNull();
    feed(probeData(makeProbe('P-1')));
    expect(ring()).toHaveAccessibleName('Watchdog 10 s left');
    expect(arc()).toEqual({
      colour: watchdogRingColour({ timeoutSeconds: 10, timeRemaining: 10, alerted: false }),
      sweep: 2 * Math.PI,
    });
  });
});
