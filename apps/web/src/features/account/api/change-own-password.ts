// PUT /users/change-password/@me (spec §7): a failure is reported by status code, mapped to the
// messages of spec §8 "Change own password, by status".
import { meSegment, type ChangePassword } from '@bpm/protocol';
import { apiFetch } from '../../../lib/api-client';

/** The answer's status code; 0 when the request never got an answer. */
export async function changeOwnPassword(change: ChangePassword): Promise<number> {
  try {
    const response = await apiFetch(`/users/change-password/${meSegment}`, { method: 'PUT', body: change });
    return response.status;
  } catch {
    return 0;
  }
}

export function passwordChangeFailureMessage(status: number): string {
  switch (status) {
    case 400:
      return 'Error: Bad request, please try again.';
    case 401:
      return 'Error: Current password is incorrect.';
    case 500:
      return 'Error: Password could not be updated, please try again later.';
    default:
      return 'Error: Unknown error occurred, please try again later.';
  }
}
