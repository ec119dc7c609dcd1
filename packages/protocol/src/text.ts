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

/**
 * Controls (NUL, line breaks, ESC, C1), format characters (zero-width, bidi overrides and isolates, BOM)
 * and the line and paragraph separators: invisible in a name, or able to disguise one (docs/security.md).
 */
export const hiddenCharacter = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/** The same, but a line feed is allowed: for multi-line fields such as a role's description. */
const hiddenCharacterButLineFeed = /(?!\n)[\p{Cc}\p{Cf}\u2028\u2029]/u;

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** A zod refinement refusing hidden characters in `label`, naming the first one (docs/data-model.md#other-bounds). */
export function refuseHiddenCharacters(label: string, { multiline = false } = {}) {
  return (value: string, ctx: z.RefinementCtx) => {
    const hidden = (multiline ? hiddenCharacterButLineFeed : hiddenCharacter).exec(value)?.[0];
    if (hidden) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} cannot contain control, invisible or direction characters (${codePoint(hidden)})`,
      });
    }
  };
}

/** A required name shown to other users: requiredText that also refuses hidden characters, naming the first. */
export function visibleName(label: string, max = 100) {
  return requiredText(label, max).superRefine(refuseHiddenCharacters(label));
}
