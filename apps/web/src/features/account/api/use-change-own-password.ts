// Changes the user's own password. The server answers 401 for a wrong current password, which the
// dialog shows (docs/api.md (Change own password errors)), so that 401 does not end the session.
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { changeOwnPassword } from './account-api';

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword, meta: { isUnauthorizedAnAnswer: true } });
}

/** The dialog's sentence for a failed change: by the answer's status; no answer counts as "other". */
export function passwordChangeFailureMessage(error: unknown): string {
  switch (isApiError(error) ? error.status : 0) {
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
