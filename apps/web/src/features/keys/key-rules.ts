// API-key rules of docs/data-model.md (API key), docs/data-model.md (Validation rules), docs/data-model.md (API key constants): expiry, the tomorrow default, the generation form's validation, and
// the date-time sent for a chosen expiration day.
import { formatDate } from '../../lib/date-format';

/** Expired when expirationDate ≤ now (docs/data-model.md (API key)). */
export function isKeyExpired(expirationDate: string, now: Date = new Date()): boolean {
  return Date.parse(expirationDate) <= now.getTime();
}

/** Parses "YYYY-MM-DD" as local midnight. */
function localMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? NaN, (month ?? NaN) - 1, date ?? NaN);
}

/** The default expiration: tomorrow, as the date input's "YYYY-MM-DD". */
export function tomorrowOf(now: Date = new Date()): string {
  return formatDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
}

export interface NewKeyInput {
  name: string;
  /** "YYYY-MM-DD", or null when the date input is empty. */
  expiration: string | null;
}
export type NewKeyErrors = Partial<Record<keyof NewKeyInput, string>>;

export function validateNewKey({ name, expiration }: NewKeyInput, now: Date = new Date()): NewKeyErrors {
  const errors: NewKeyErrors = {};
  if (name.trim() === '') errors.name = 'Key name is required';
  if (!expiration) errors.expiration = 'Expiration date is required';
  else {
    const todayMidnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const chosen = localMidnight(expiration);
    // "later than today at 00:00" (docs/data-model.md (Validation rules)): today itself and any earlier day are refused.
    if (Number.isNaN(chosen.getTime()) || chosen.getTime() <= todayMidnight.getTime()) {
      errors.expiration = 'Expiration date must be in the future';
    }
  }
  return errors;
}

/** The key lives until the end of the chosen day in the user's time zone, sent as an ISO date-time. */
export function expirationDateTimeOf(day: string): string {
  const end = localMidnight(day);
  end.setHours(23, 59, 59, 999);
  return end.toISOString();
}
