// POST /login (spec §7 Authentication): true when the server accepted the credentials.
import type { LoginRequest } from '@bpm/protocol';
import { apiFetch } from '../../../lib/api-client';

export async function logIn(credentials: LoginRequest): Promise<boolean> {
  const response = await apiFetch('/login', { method: 'POST', body: credentials });
  return response.ok;
}
