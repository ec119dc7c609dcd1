import { describe, expect, it } from 'vitest';
import { eventCatalogue, formatEventMessage, makeProbeEvent } from './events.js';

describe('event catalogue (docs/probe-data.md (Event catalogue))', () => {
  it('cancels only codes that exist', () => {
    const codes = new Set(eventCatalogue.map((d) => d.code));
    for (const d of eventCatalogue) for (const c of d.cancels) expect(codes.has(c)).toBe(true);
  });

  it('watchdog (0) and reporting again (1) cancel each other', () => {
    expect(makeProbeEvent(0, { timeoutSeconds: 10 }).eventsCancelled).toEqual([{ id: 1 }]);
    expect(makeProbeEvent(1).eventsCancelled).toEqual([{ id: 0 }]);
  });

  it('names the reading, the value and the threshold', () => {
    expect(formatEventMessage(11, { reading: 'Internal', value: 57.2, threshold: 55 })).toBe(
      'Internal temperature 57.2 °C above alarm 55 °C',
    );
  });
});
