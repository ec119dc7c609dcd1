// Bounds on what reports may do to the plant's state (docs/security.md "Probe data bounds"): no report from the
// future (one far-future timestamp would make its probe ignore every later report), and no more probes than
// BPM_MAX_PROBES (one key could otherwise create millions, and the memory and live snapshot with them).
import type { ErrorDetail, ProbeReport } from '@bpm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { probeRecord, type ProbeRecord } from '../../engine/probe-record.js';
import { BadRequestError, ConflictError } from '../../errors.js';

/** A report may run this far ahead of the server clock (probes' clocks drift); further is a bad item. */
export const maxFutureSkewMs = 5 * 60_000;
const refusalLogIntervalMs = 60_000;

/**
 * Throws 400 naming each report whose timestamp is more than maxFutureSkewMs ahead of `nowMs`; else each
 * report's time (its timestamp, or `nowMs` without one), parsed once for the engine (a second Date.parse per
 * report was ~1.5 % of the server's CPU at full ingest, profiled).
 */
export function refuseFutureReports(reports: readonly ProbeReport[], nowMs: number): number[] {
  const reportMs = new Array<number>(reports.length);
  let details: ErrorDetail[] | undefined;
  // A batch's reports are often stamped alike (the simulator stamps a tick's reports with one time): the same text parses once.
  let lastTimestamp: string | undefined;
  let lastMs = nowMs;
  for (let index = 0; index < reports.length; index += 1) {
    const timestamp = reports[index]!.timestamp;
    if (timestamp !== lastTimestamp) {
      lastMs = timestamp === undefined ? nowMs : Date.parse(timestamp);
      lastTimestamp = timestamp;
    }
    const ms = lastMs;
    if (ms > nowMs + maxFutureSkewMs) {
      (details ??= []).push({
        path: `${index}.timestamp`,
        message: 'timestamp is more than 5 minutes ahead of the server clock',
      });
    }
    reportMs[index] = ms;
  }
  if (details) throw new BadRequestError(`${details[0]!.path}: ${details[0]!.message}`, details);
  return reportMs;
}

/** A stored record from the future (kept before this rule existed) comes back to the present. */
export function withoutFutureTimestamp(record: ProbeRecord, nowMs: number): ProbeRecord | undefined {
  if (record.lastReportMs <= nowMs + maxFutureSkewMs) return undefined;
  const lastReportMs = Math.min(record.receivedMs, nowMs);
  return probeRecord({
    ...record,
    lastReportMs,
    report: record.report && { ...record.report, timestamp: new Date(lastReportMs).toISOString() },
  });
}

export class ProbeLimit {
  /** Reports refused because they would have created a probe beyond the limit. */
  refused = 0;
  private unlogged = 0;
  private lastLoggedMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly maxProbes: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Throws 409 when the batch would take the plant past maxProbes; counted, and logged at most once a minute. */
  admit(reports: readonly ProbeReport[], has: (probeID: string) => boolean, size: number, nowMs: number): void {
    if (size + reports.length <= this.maxProbes) return;
    const created = new Set<string>();
    for (const report of reports) if (!has(report.probeID)) created.add(report.probeID);
    if (size + created.size <= this.maxProbes) return;
    this.refused += reports.length;
    this.unlogged += reports.length;
    if (nowMs - this.lastLoggedMs >= refusalLogIntervalMs) {
      this.log.warn(
        `Refused ${this.unlogged} report(s) for new probes: the plant is at its limit of ${this.maxProbes} probes (BPM_MAX_PROBES)`,
      );
      this.unlogged = 0;
      this.lastLoggedMs = nowMs;
    }
    throw new ConflictError(
      `The plant already has ${size} of at most ${this.maxProbes} probes: reports for new probes are refused. Delete unused probes or raise BPM_MAX_PROBES.`,
    );
  }
}
