// What every engine rule returns: the next record, the Probe to publish, and the events it raised.
import type { Probe, ProbeEvent } from '@bpm/protocol';
import type { EventBook } from './event-book.js';
import type { ProbeRecord } from './probe-record.js';
import { toProbe } from './probe-state.js';

export interface Evaluation {
  record: ProbeRecord;
  probe: Probe;
  /** New events of this update (persistent ones that were not active yet, and every transient one). */
  raised: ProbeEvent[];
}

export function finishEvaluation(record: ProbeRecord, book: EventBook): Evaluation {
  const next = record.active === book.active ? record : { ...record, active: book.active };
  return { record: next, probe: toProbe(next, book.transient), raised: book.raised };
}
