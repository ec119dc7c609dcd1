// Display rules of docs/probe-data.md (How the client shows a probe): state icons, temperature display, battery colour boundaries, watchdog ring colour.
import { describe, expect, it } from 'vitest';
import { watchdogRingColour } from '../../live/stores/watchdog';
import { batteryColour, batteryPercentText, stateIcon, temperatureDisplay } from './probe-display';

const thresholds = { batteryLevelWarning: 20, batteryLevelPanic: 10 };

describe('battery icon colour', () => {
  it.each([
    [5, true, 'green'],
    [100, true, 'green'],
    [9.9, false, 'red'],
    [10, false, 'red'],
    [10.1, false, 'orange'],
    [20, false, 'orange'],
    [20.1, false, undefined],
    [80, false, undefined],
  ] as const)('%s %% charging=%s → %s', (percentage, charging, colour) => {
    expect(batteryColour(percentage, charging, thresholds)).toBe(colour);
  });

  it('shows the percentage rounded down', () => {
    expect(batteryPercentText(83.9)).toBe('83%');
    expect(batteryPercentText(100)).toBe('100%');
  });
});

describe('state icon', () => {
  it.each([
    ['Normal', 'check'],
    // The spec's glyphs, filled for Warning and Critical so they stand out (docs/operator-screen.md).
    ['Warning', 'warning-fill'],
    ['Critical', 'error-fill'],
    ['Disabled', 'error'],
    ['Mystery', 'help'],
  ])('%s → %s', (state, icon) => expect(stateIcon(state).icon).toBe(icon));
});

describe('temperature display', () => {
  it('valid reading → shown; invalid with a last valid → last valid; never valid → N/A', () => {
    expect(temperatureDisplay({ valid: true, temperature: 31 }, 31)).toEqual({ kind: 'current', temperature: 31 });
    expect(temperatureDisplay({ valid: false, temperature: 99 }, 30)).toEqual({ kind: 'lastValid', temperature: 30 });
    expect(temperatureDisplay({ valid: false, temperature: null }, null)).toEqual({ kind: 'none' });
  });
});

describe('watchdog ring colour', () => {
  const ring = (timeRemaining: number, alerted = false) => watchdogRingColour({ timeoutSeconds: 10, timeRemaining, alerted });
  it.each([
    [10, 'rgb(134, 142, 150)'], // 0 % elapsed: grey (normal)
    [6.7, 'rgb(134, 142, 150)'], // 33 %: grey
    [3.4, 'rgb(134, 142, 150)'], // 66 %: still grey, the switch
    [3.3, 'rgb(250, 173, 7)'], // 67 %: amber, turning red
    [1.7, 'rgb(250, 129, 44)'], // 83 %: halfway amber → red
    [0, 'rgb(250, 82, 82)'], // expired: red
  ])('%s s of 10 left → %s', (left, colour) => expect(ring(left)).toBe(colour));

  it('alerted is red whatever the time left', () => expect(ring(10, true)).toBe('rgb(250, 82, 82)'));
});
