// Parsing untrusted input with protocol schemas: a failure becomes a 400 naming every bad field.
import type { ErrorDetail } from '@bpm/protocol';
import { z } from 'zod';
import { BadRequestError } from './errors.js';

/** Turns zod issues into `{path, message}` items; batch paths start with the item index ("3.readings.0.temperature"). */
export function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** One sentence for the `message` field: the first problem, with its field when there is one. */
export function zodMessage(details: ErrorDetail[]): string {
  const first = details[0];
  if (!first) return 'Invalid request';
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  // Our schemas' messages name their field ("Email is required"); zod's defaults do not.
  const named = first.path && /^(Invalid|Too|Expected|Unrecognized)/.test(first.message);
  return `${named ? `${first.path}: ` : ''}${first.message}${more}`;
}

export function badRequestFromZod(error: z.ZodError): BadRequestError {
  const details = zodDetails(error);
  return new BadRequestError(zodMessage(details), details);
}

export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw badRequestFromZod(result.error);
  return result.data;
}
