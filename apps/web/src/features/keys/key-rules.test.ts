import { describe, expect, it } from 'vitest';
import { expirationDateTimeOf, isKeyExpired, tomorrowOf, validateNewKey } from './key-rules';

const now = new Date(2026, 10, 23, 15, 30); // 23 Nov 2026, 15:30 local

describe('isKeyExpired (expirationDate ≤ now)', () => {
  it('is expired at and after the expiration instant, not before', () => {
    expect(isKeyExpired(new Date(now.getTime() - 1).toISOString(), now)).toBe(true);
    expect(isKeyExpired(now.toISOString(), now)).toBe(true);
    expect(isKeyExpired(new Date(now.getTime() + 1).toISOString(), now)).toBe(false);
  });
});

describe('the generation form', () => {
  it('defaults the expiration to tomorrow', () => {
    expect(tomorrowOf(now)).toBe('2026-11-24');
    expect(tomorrowOf(new Date(2026, 11, 31, 23, 0))).toBe('2027-01-01');
  });

  it('requires a name that is not blank after trimming', () => {
    expect(validateNewKey({ name: '   ', expiration: '2026-11-24' }, now)).toEqual({ name: 'Key name is required' });
    expect(validateNewKey({ name: ' gateway ', expiration: '2026-11-24' }, now)).toEqual({});
  });

  it('requires an expiration date', () => {
    expect(validateNewKey({ name: 'gateway', expiration: null }, now)).toEqual({ expiration: 'Expiration date is required' });
  });

  it('requires the expiration to be later than today at 00:00', () => {
    const message = { expiration: 'Expiration date must be in the future' };
    expect(validateNewKey({ name: 'gateway', expiration: '2026-11-23' }, now)).toEqual(message);
    expect(validateNewKey({ name: 'gateway', expiration: '2025-01-01' }, now)).toEqual(message);
    expect(validateNewKey({ name: 'gateway', expiration: '2026-11-24' }, now)).toEqual({});
  });

  it('reports both messages at once', () => {
    expect(validateNewKey({ name: '', expiration: null }, now)).toEqual({
      name: 'Key name is required',
      expiration: 'Expiration date is required',
    });
  });

  it('sends the end of the chosen local day as an ISO date-time', () => {
    const sent = new Date(expirationDateTimeOf('2026-11-24'));
    expect([sent.getFullYear(), sent.getMonth(), sent.getDate(), sent.getHours(), sent.getMinutes()]).toEqual([
      2026, 10, 24, 23, 59,
    ]);
    expect(expirationDateTimeOf('2026-11-24')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
