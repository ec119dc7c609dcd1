// DELETE /keys/{id}: success is 204; anything else is logged only (spec §8 API keys).
import { apiFetch } from '../../../lib/api-client';

export async function deleteKey(id: number): Promise<void> {
  try {
    const response = await apiFetch(`/keys/${id}`, { method: 'DELETE' });
    if (response.status !== 204) console.error(`Deleting API key ${id} answered ${response.status}`);
  } catch (error) {
    console.error(`Deleting API key ${id} failed`, error);
  }
}
