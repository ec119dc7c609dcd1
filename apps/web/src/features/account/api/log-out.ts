// POST /logout (spec §7): true when the server ended the session.
import { apiFetch } from '../../../lib/api-client';

export async function logOut(): Promise<boolean> {
  const response = await apiFetch('/logout', { method: 'POST' });
  return response.ok;
}
