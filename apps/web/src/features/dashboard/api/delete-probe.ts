// DELETE /probes/{probeId} with the messages of spec §8 "Probe delete".
import type { ErrorBody } from '@bpm/protocol';
import { apiFetch } from '../../../lib/api-client';

/** Resolves on success; otherwise throws an Error carrying the sentence the dialog shows. */
export async function deleteProbe(probeId: string): Promise<void> {
  let response: Response;
  try {
    response = await apiFetch(`/probes/${encodeURIComponent(probeId)}`, { method: 'DELETE' });
  } catch {
    throw new Error('Failed to delete probe');
  }
  if (response.ok) return;
  throw new Error(`Error deleting probe: ${await bodyText(response)}`);
}

/** The answer's body text: the error body's message when it is one, else the raw text, else "Status code: N". */
async function bodyText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON: use the text as it is
  }
  return text || `Status code: ${response.status}`;
}
