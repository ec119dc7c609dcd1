// GET /login: OK means a session exists, anything else means signed out (spec §7 Authentication).
import { apiFetch } from '../lib/api-client';

export async function isSignedIn(): Promise<boolean> {
  const response = await apiFetch('/login');
  return response.ok;
}
