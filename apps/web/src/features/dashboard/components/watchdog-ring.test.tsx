// The watchdog ring over the live store (docs/probe-data.md (Client watchdog)): it counts down at every 100 ms tick,
// while React renders it only when its digit or label changes
// (docs/decisions/dashboard.md#watchdog-ring-without-a-render-per-tick).
import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { event, makeProbe, probeData, systemConfig } from '../../../live/stores/probe-fixtures';
import { probeStore } from '../../../live/stores/probe-store';
import { watchdogRingColour } from '../../../live/stores/watchdog';
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

/** The ring and its commits: React's Profiler reports every commit that rendered the ring. */
function renderRing() {
  const commits = { count: 0 };
  renderWithProviders(
    <Profiler id="ring" onRender={() => (commits.count += 1)}>
      <WatchdogRing probeID="P-1" />
    </Profiler>,
  );
  const ring = () => screen.getByRole('img', { name: /^Watchdog/ });
  const arc = () => ring().querySelectorAll('circle')[1]!;
  return { commits, ring, arc };
}

afterEach(() => act(() => probeStore.reset()));

describe('WatchdogRing', () => {
  it('moves its arc in steps of 1/50 of the ring, and renders only when the whole second it shows changes', () => {
    feed(systemConfig(10), probeData(makeProbe('P-1')));
    const { commits, ring, arc } = renderRing();
    expect(ring()).toHaveAccessibleName('Watchdog 10 s left');
    expect(arc()).toHaveAttribute(
      'stroke-dasharray',
      watchdogArc({ timeoutSeconds: 10, timeRemaining: 10, alerted: false }).dashArray,
    );
    commits.count = 0;

    const seen = new Set<string>();
    for (let tenths = 99; tenths > 90; tenths--) {
      ticks(1);
      const status = { timeoutSeconds: 10, timeRemaining: tenths / 10, alerted: false };
      expect(arc()).toHaveAttribute('stroke-dasharray', watchdogArc(status).dashArray);
      expect(arc()).toHaveAttribute('stroke', watchdogRingColour(status));
      seen.add(arc().getAttribute('stroke-dasharray')!);
    }
    // At a 10 s timeout a step is every other tick: five arcs in nine ticks (9.9 s still draws the full ring), still
    // "10 s left" (9.1 s rounds up), and not one React render for them.
    expect(seen.size).toBe(5);
    expect(seen.has(watchdogArc({ timeoutSeconds: 10, timeRemaining: 10, alerted: false }).dashArray)).toBe(true);
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
    const full = arc().getAttribute('stroke-dasharray');
    ticks(3);
    expect(arc().getAttribute('stroke-dasharray')).not.toBe(full);
    commits.count = 0;

    feed(probeData(makeProbe('P-1')));
    expect(arc()).toHaveAttribute('stroke-dasharray', full!);
    expect(ring()).toHaveAccessibleName('Watchdog 10 s left');
    expect(commits.count).toBe(0);
  });

  it('once alerted shows a full red ring around a bold red 0, by event 0 or at expiry', () => {
    feed(systemConfig(2), probeData(makeProbe('P-1')));
    const { ring, arc } = renderRing();
    ticks(20);
    expect(ring()).toHaveAccessibleName('Watchdog alerted');
    expect(ring()).toHaveTextContent('0');
    expect(arc()).toHaveAttribute('stroke', 'var(--mantine-color-red-7)');
    expect(arc()).toHaveAttribute(
      'stroke-dasharray',
      watchdogArc({ timeoutSeconds: 2, timeRemaining: 0, alerted: true }).dashArray,
    );

    feed(probeData(makeProbe('P-1')));
    expect(ring()).toHaveAccessibleName('Watchdog 2 s left');
    expect(arc()).not.toHaveAttribute('stroke', 'var(--mantine-color-red-7)');

    feed(probeData(makeProbe('P-1', { events: [event(0, { timeoutSeconds: 2 })] })));
    expect(ring()).toHaveAccessibleName('Watchdog alerted');
    expect(arc()).toHaveAttribute('stroke', 'var(--mantine-color-red-7)');
  });

  it('draws the arc of a probe that arrives after the ring was mounted', () => {
    feed(systemConfig(10));
    const { ring, arc } = renderRing();
    expect(screen.queryByRole('img', { name: /^Watchdog/ })).toBeNull();
    feed(probeData(makeProbe('P-1')));
    expect(ring()).toHaveAccessibleName('Watchdog 10 s left');
    expect(arc()).toHaveAttribute(
      'stroke-dasharray',
      watchdogArc({ timeoutSeconds: 10, timeRemaining: 10, alerted: false }).dashArray,
    );
  });
});
