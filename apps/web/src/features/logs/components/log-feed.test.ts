import type { LogEntry } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { logsFileName } from '../api/logs-api';
import { hasMorePages, pageLimit, refreshLeftGap, unseenEntries } from './log-feed';

const entry = (ts: string): LogEntry => ({ ts, level: 'info', msg: `entry ${ts}` });

describe('log feed rules', () => {
  it('expects more pages only while a page comes back full', () => {
    expect(hasMorePages(200, 200)).toBe(true);
    expect(hasMorePages(199, 200)).toBe(false);
    expect(hasMorePages(50, 50)).toBe(true);
    expect(hasMorePages(0, 50)).toBe(false);
  });

  it('asks 200 first and 50 afterwards', () => {
    expect(pageLimit(0)).toBe(200);
    expect(pageLimit(200)).toBe(50);
  });

  it('keeps only entries with a new ts, once each', () => {
    const known = new Set(['3', '2']);
    expect(unseenEntries([entry('5'), entry('4'), entry('4'), entry('3'), entry('2')], known).map((e) => e.ts)).toEqual([
      '5',
      '4',
    ]);
    expect(unseenEntries([entry('3')], known)).toEqual([]);
  });

  it('notices a full refresh page with nothing in common as a gap', () => {
    const page = Array.from({ length: 50 }, (_, index) => entry(String(1000 - index)));
    expect(refreshLeftGap(page, page, 200)).toBe(true);
    expect(refreshLeftGap(page, page.slice(0, 49), 200)).toBe(false);
    expect(refreshLeftGap(page.slice(0, 10), page.slice(0, 10), 200)).toBe(false);
    expect(refreshLeftGap(page, page, 0)).toBe(false);
  });
});

describe('logs download file name', () => {
  it('is BPM_logs_ with the local date and time down to milliseconds', () => {
    expect(logsFileName(new Date(2026, 10, 23, 9, 5, 7, 42))).toBe('BPM_logs_2026-11-23_09-05-07-042.json');
    expect(logsFileName(new Date(2026, 0, 2, 23, 59, 59, 999))).toBe('BPM_logs_2026-01-02_23-59-59-999.json');
  });
});
