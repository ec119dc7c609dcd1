import { describe, expect, it } from 'vitest';
import { probeReportBatchSchema } from './reports.js';

const report = { probeID: 'P-0007', readings: [{ origin: 'CAN', temperature: 31.4, valid: true }] };

describe('probe report batches (docs/probe-data.md (Reports))', () => {
  it('accepts one report as a batch of one', () => {
    const parsed = probeReportBatchSchema.parse(report);
    expect(parsed).toHaveLength(1);
    expect(parsed[0]?.probeID).toBe('P-0007');
  });

  it('rejects a batch naming the bad index and field', () => {
    const result = probeReportBatchSchema.safeParse([report, { ...report, batteryPercentage: 140 }]);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toContain('1.batteryPercentage');
  });

  it.each([
    ['an empty probeID', { probeID: '' }],
    ['a probeID with a space', { probeID: 'P 1' }],
    ['a 65-character probeID', { probeID: 'x'.repeat(65) }],
    ['the probeID "."', { probeID: '.' }],
    ['the probeID ".."', { probeID: '..' }],
    ['a probeID of only punctuation', { probeID: '-_.' }],
    ['an unknown origin', { readings: [{ origin: 'Infrared', temperature: 1, valid: true }] }],
    ['nine readings', { readings: Array.from({ length: 9 }, () => ({ origin: 'CAN', temperature: 1, valid: true })) }],
    ['an unknown field', { colour: 'red' }],
  ])('rejects %s', (_label, change) => {
    expect(probeReportBatchSchema.safeParse({ ...report, ...change }).success).toBe(false);
  });

  it('rejects more than 1,000 reports', () => {
    expect(probeReportBatchSchema.safeParse(Array.from({ length: 1001 }, () => report)).success).toBe(false);
  });
});
