// The Users page's error sentences (docs/api.md (Users errors)): a server answer's message, or a fixed sentence for
// network failures.
import { ApiError } from '../../../lib/api-client';

export type UserAction = 'create' | 'modify' | 'password' | 'delete';

export function userActionError(action: UserAction, error: unknown): string {
  const isServerAnswer = error instanceof ApiError;
  const body = isServerAnswer ? error.message || `Status code: ${error.status}` : '';
  switch (action) {
    case 'create':
      return isServerAnswer ? `Error creating user: ${body}` : 'An unexpected error occurred while creating the user.';
    case 'modify':
      return isServerAnswer ? `Error modifying user: ${body}` : 'An unexpected network error occurred while modifying the user.';
    case 'password':
      return isServerAnswer ? body : 'Failed to change password';
    case 'delete':
      return isServerAnswer ? `Error deleting user: ${body}` : 'Error deleting the user. Please try again later.';
  }
}

/** zod issues → the first message per field, for showing under each input. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
