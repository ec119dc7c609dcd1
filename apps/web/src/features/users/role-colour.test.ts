import { describe, expect, it } from 'vitest';
import { hashRoleName, roleColours, roleHue } from './role-colour';

describe('role colour hash', () => {
  it('hashes like String.hashCode, made non-negative', () => {
    expect(hashRoleName('')).toBe(0);
    expect(hashRoleName('a')).toBe(97);
    expect(hashRoleName('ab')).toBe(97 * 31 + 98);
    // "Administrator".hashCode() overflows 32 bits; the hash stays a non-negative integer.
    expect(Number.isInteger(hashRoleName('Administrator'))).toBe(true);
    expect(hashRoleName('Administrator')).toBeGreaterThanOrEqual(0);
  });

  it('takes the hue as the hash modulo 360', () => {
    expect(roleHue('a')).toBe(97);
    expect(roleHue('ab')).toBe((97 * 31 + 98) % 360);
    for (const name of ['Administrator', 'Supervisor', 'Operator', 'Night shift lead']) {
      expect(roleHue(name)).toBe(hashRoleName(name) % 360);
      expect(roleHue(name)).toBeLessThan(360);
    }
  });

  it('uses saturation 75 %, lightness 35 % on a 95 % lightness background', () => {
    expect(roleColours('a')).toEqual({ color: 'hsl(97, 75%, 35%)', backgroundColor: 'hsl(97, 75%, 95%)' });
  });

  it('gives the same name the same colour and different names usually different ones', () => {
    expect(roleColours('Supervisor')).toEqual(roleColours('Supervisor'));
    expect(roleHue('Supervisor')).not.toBe(roleHue('Operator'));
  });
});
