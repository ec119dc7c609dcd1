// The one accept path of probe reports, whatever carried them (docs/probe-data.md, docs/mqtt.md): HTTP's
// POST /probes/reports and MQTT's report topics both validate with the protocol's batch schema (one report or
// up to 1,000, all or nothing) and hand the reports to the same engine call.
import { acceptReportBatch, probeReportBatchSchema, type IngestResult, type ProbeReport } from '@bpm/protocol';
import type { BadRequestError } from '../../errors.js';
import { badRequestFromZod } from '../../validation.js';
import type { ProbeService } from './probes.service.js';

/**
 * A valid batch is checked in place (zod copies every report: ~12 % of the server's CPU and much of its
 * garbage at full load); whatever the fast check does not accept, the schema decides.
 */
export function validateReportBatch(data: unknown): { value: ProbeReport[] } | { error: BadRequestError } {
  const accepted = acceptReportBatch(data);
  if (accepted) return { value: accepted };
  const result = probeReportBatchSchema.safeParse(data);
  return result.success ? { value: result.data } : { error: badRequestFromZod(result.error) };
}

/** The engine call (app.cluster.callEngine) that runs ingestReportBatch for another transport. */
export const ingestReportsCall = 'ingest-reports';

/** Validates `data` (parsed JSON) and applies it on the engine; throws BadRequestError naming each bad field. */
export function ingestReportBatch(service: ProbeService, data: unknown): IngestResult {
  const checked = validateReportBatch(data);
  if ('error' in checked) throw checked.error;
  return service.ingestReports(checked.value);
}
