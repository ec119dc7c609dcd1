import fc from 'fast-check';
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

  it('fills every template as a replace of each {name} would, whatever the parameters', () => {
    // The catalogue's rule, written as a regular expression replace: a name without a parameter stays as written.
    const byReplace = (template: string, params: Record<string, string | number> = {}) =>
      template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
    const names = ['reading', 'value', 'threshold', 'timeoutSeconds', 'batteryPack', 'buildStage', 'agv', 'other'];
    const value = fc.oneof(fc.string(), fc.constantFrom('{value}', '$&', '$1', ''), fc.double(), fc.integer());
    const params = fc.option(fc.dictionary(fc.constantFrom(...names), value), { nil: undefined });
    fc.assert(
      fc.property(fc.constantFrom(...eventCatalogue), params, (definition, p) => {
        expect(formatEventMessage(definition.code, p)).toBe(byReplace(definition.template, p));
      }),
      { numRuns: 2000 },
    );
    expect(() => formatEventMessage(99)).toThrow('Unknown event code 99');
  });
});
