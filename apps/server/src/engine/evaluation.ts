// What every engine rule returns: the next record, the Probe to publish, and the events it raised.
// The Probe is built when read: under load most updates are replaced before the next live flush
// (50 reports per probe per second, 10 flushes), and building each one was ~5% of the server's CPU
// plus its garbage (measured).
import type { Probe, ProbeEvent } from '@bpm/protocol';
import type { EventBook } from './event-book.js';
import { probeRecord, type ProbeRecord } from './probe-record.js';
import { toProbe } from './probe-state.js';

/** A probe's state as published: built lazily, once. The live hub and the registry hold these. */
export interface PublishedProbe {
  readonly probeID: string;
  readonly probe: Probe;
  /** Does the update carry transient events (so that coalescing must keep them)? */
  readonly hasTransient: boolean;
}

export interface Evaluation extends PublishedProbe {
  record: ProbeRecord;
  /** New events of this update (persistent ones that were not active yet, and every transient one). */
  raised: ProbeEvent[];
  /** The transient events of this update (sent once, never kept). */
  transient: ProbeEvent[];
}

/** `watchdogExpiryMs`: a new expiry (the re-evaluation's), set in the same copy as the active events. */
export function finishEvaluation(
  record: ProbeRecord,
  book: EventBook,
  watchdogExpiryMs = record.watchdogExpiryMs,
): Evaluation {
  const next =
    record.active === book.active && record.watchdogExpiryMs === watchdogExpiryMs
      ? record
      : probeRecord(record, book.active, watchdogExpiryMs);
  return lazyEvaluation(next, book.transient, book.raised);
}

/** The same update with a replaced record (the alarms module marks the events with their alarms). */
export function withRecord(evaluation: Evaluation, record: ProbeRecord): Evaluation {
  return lazyEvaluation(record, evaluation.transient, evaluation.raised);
}

/** A record with no transient events, e.g. restored from the snapshot. */
export function publishedProbe(record: ProbeRecord): Evaluation {
  return lazyEvaluation(record, [], []);
}

/**
 * Built on each read and not kept: the flush serialises it once and drops it, so it dies young.
 * (Kept, every report's Probe lived until the probe's next report, ~1 s, long enough to be promoted
 * to V8's old generation: at 10,000 reports/s that churn alone grew the heap by ~50 MB, measured.)
 * A class, so the getter lives on the prototype: an object literal with a getter allocated a closure and
 * an accessor pair per report (~2 % of the server's CPU at full ingest, profiled).
 */
class LazyEvaluation implements Evaluation {
  readonly probeID: string;
  readonly hasTransient: boolean;

  constructor(
    readonly record: ProbeRecord,
    readonly transient: ProbeEvent[],
    readonly raised: ProbeEvent[],
  ) {
    this.probeID = record.probeID;
    this.hasTransient = transient.length > 0;
  }

  get probe(): Probe {
    return toProbe(this.record, this.transient);
  }
}

function lazyEvaluation(record: ProbeRecord, transient: ProbeEvent[], raised: ProbeEvent[]): Evaluation {
  return new LazyEvaluation(record, transient, raised);
}
