// GET /login: OK means a session exists, 401 means signed out (docs/api.md (Authentication)); no answer, or another
// error answer (a proxy's 502 during an outage), rejects, for the caller to handle.
import { getSession, isApiError } from '../lib/api-client';

export async function isSignedIn(): Promise<boolean> {
  try {
    await getSession();
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return false;
    throw error;
  }
}
