// DELETE /probes/{probeId} (docs/api.md (Probes)) and the dialog's sentences for a failure (docs/api.md (Probe delete errors)).
import { apiRequest, isApiError } from '../../../lib/api-client';

export const deleteProbe = (probeId: string) =>
  apiRequest<unknown>(`/probes/${encodeURIComponent(probeId)}`, { method: 'DELETE' });

/** An error answer quotes its body (or "Status code: N"); no answer at all is "Failed to delete probe". */
export const probeDeletionFailureMessage = (error: unknown): string =>
  isApiError(error) ? `Error deleting probe: ${error.message}` : 'Failed to delete probe';
