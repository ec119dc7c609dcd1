// Building blocks for user-entered text fields, so every payload bounds strings the same way.
import { z } from 'zod';

/** A required, trimmed, bounded single-line string. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive'),
});
