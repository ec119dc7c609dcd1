// A failed save's errors for the form (docs/api.md (Errors)): each detail under the field its path names, the
// message above the buttons when no field takes it.
import { isApiError } from '../../../lib/api-client';

export interface FormErrors {
  /** By the detail's dotted path ("name", "settings.url", "steps.1.afterMinutes"). */
  fields: Record<string, string>;
  /** The sentence shown above the buttons. */
  message: string | null;
}

export const noErrors: FormErrors = { fields: {}, message: null };

/** `known`: the paths the form shows a field for; a detail under another path stays in the message. */
export function formErrors(error: unknown, known: (path: string) => boolean): FormErrors {
  if (!isApiError(error)) return { fields: {}, message: error ? 'The server could not be reached. Please try again.' : null };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const detail of error.details) {
    if (known(detail.path)) fields[detail.path] ??= detail.message;
    else rest.push(detail.message);
  }
  const message = rest.length > 0 ? rest.join('; ') : Object.keys(fields).length > 0 ? null : error.message;
  return { fields, message };
}
