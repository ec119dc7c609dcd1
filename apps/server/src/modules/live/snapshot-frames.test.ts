// The connect snapshot in messages of at most 1 MB, every probe once, in order.
import { describe, expect, it } from 'vitest';
import { probeDataFrames } from './snapshot-frames.js';

const probe = (id: number) => Buffer.from(JSON.stringify({ probeID: `P-${id}`, padding: 'x'.repeat(80) }));
const ids = (frame: Buffer) =>
  (JSON.parse(frame.toString()) as { messageType: string; probes: Array<{ probeID: string }> }).probes.map((p) => p.probeID);

describe('probeDataFrames', () => {
  it('sends an empty plant as one empty probeData', () => {
    expect(probeDataFrames([]).map((f) => JSON.parse(f.toString()))).toEqual([{ messageType: 'probeData', probes: [] }]);
  });

  it('packs 20,000 probes into messages of at most 1 MB, each valid JSON, every probe once in order', () => {
    const probes = Array.from({ length: 20_000 }, (_, i) => probe(i));
    const frames = probeDataFrames(probes);
    expect(frames.length).toBeGreaterThan(1);
    for (const frame of frames) expect(frame.length).toBeLessThanOrEqual(1024 * 1024);
    expect(frames.flatMap(ids)).toEqual(probes.map((_, i) => `P-${i}`));
  });

  it('fills each message up to the bound', () => {
    const frames = probeDataFrames(
      Array.from({ length: 10 }, (_, i) => probe(i)),
      400,
    );
    expect(frames.map(ids)).toEqual([['P-0', 'P-1', 'P-2'], ['P-3', 'P-4', 'P-5'], ['P-6', 'P-7', 'P-8'], ['P-9']]);
  });
});
