// GET /login: OK means a session exists, an error answer means signed out (docs/api.md (Authentication));
// no answer at all rejects, for the caller to handle.
import { getSession, isApiError } from '../lib/api-client';

export async function isSignedIn(): Promise<boolean> {
  try {
    await getSession();
    return true;
  } catch (error) {
    if (isApiError(error)) return false;
    throw error;
  }
}
