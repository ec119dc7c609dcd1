// DELETE /probes/{probeId} (spec §7 Probes) and the dialog's sentences for a failure (spec §8 "Probe delete").
import { apiRequest, isApiError } from '../../../lib/api-client';

export const deleteProbe = (probeId: string) =>
  apiRequest<unknown>(`/probes/${encodeURIComponent(probeId)}`, { method: 'DELETE' });

/** An error answer quotes its body (or "Status code: N"); no answer at all is "Failed to delete probe". */
export const probeDeletionFailureMessage = (error: unknown): string =>
  isApiError(error) ? `Error deleting probe: ${error.message}` : 'Failed to delete probe';
