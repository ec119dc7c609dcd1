// POST /keys: a new key; the answer carries the token, shown once (spec §7, §8).
import type { CreateApiKey, CreatedApiKey } from '@bpm/protocol';
import { apiFetch } from '../../../lib/api-client';

export async function createKey(input: CreateApiKey): Promise<CreatedApiKey> {
  let response: Response;
  try {
    response = await apiFetch('/keys', { method: 'POST', body: input });
  } catch {
    throw new Error('Failed to generate API key. Please try again.');
  }
  if (!response.ok) throw new Error('Failed to generate API key. Please try again.');
  return (await response.json()) as CreatedApiKey;
}
