// The per-probe temperature ring (temperature-history.ts): spacing, capacity, order, and rings shared from slabs
// that never mix one probe's samples into another's (docs/decisions/dashboard.md#temperature-history-slabs).
import { describe, expect, it } from 'vitest';
import { historyCapacity, historySampleSpacingMs, TemperatureHistory } from './temperature-history';

const filled = (history: TemperatureHistory, from: number, count: number, value: number) => {
  for (let i = 0; i < count; i++) history.record((from + i) * historySampleSpacingMs, value + i, null);
};

describe('TemperatureHistory', () => {
  it('keeps one sample per spacing, the last historyCapacity of them, oldest first', () => {
    const history = new TemperatureHistory();
    history.record(0, 20, 30);
    history.record(historySampleSpacingMs - 1, 99, 99);
    history.record(historySampleSpacingMs, null, 31);
    history.record(2 * historySampleSpacingMs, null, null);
    expect(history.samples()).toEqual([
      { atMs: 0, internal: 20, external: 30 },
      { atMs: historySampleSpacingMs, internal: null, external: 31 },
    ]);
    filled(history, 10, historyCapacity + 5, 100);
    const samples = history.samples();
    expect(samples).toHaveLength(historyCapacity);
    expect(samples[0]!.internal).toBe(105);
    expect(samples.at(-1)!.internal).toBe(100 + historyCapacity + 4);
  });

  it("gives each of many probes its own ring: no probe's samples show in another's", () => {
    const histories = Array.from({ length: 600 }, () => new TemperatureHistory());
    histories.forEach((history, i) => filled(history, 0, historyCapacity, i * 1000));
    histories.forEach((history, i) => {
      const internals = history.samples().map((s) => s.internal);
      expect(internals).toEqual(Array.from({ length: historyCapacity }, (_, k) => i * 1000 + k));
    });
  });

  it('a disposed history reads empty, and the new probe that gets its ring starts empty too', () => {
    const gone = new TemperatureHistory();
    filled(gone, 0, 5, 50);
    gone.dispose();
    expect(gone.samples()).toEqual([]);
    gone.record(1_000_000, 1, 1);
    expect(gone.samples()).toEqual([]);
    const next = new TemperatureHistory();
    expect(next.samples()).toEqual([]);
    next.record(0, 7, null);
    expect(next.samples()).toEqual([{ atMs: 0, internal: 7, external: null }]);
    // The old history writes nothing into the ring it gave back.
    gone.record(2_000_000, 9, 9);
    expect(next.samples()).toEqual([{ atMs: 0, internal: 7, external: null }]);
  });
});
