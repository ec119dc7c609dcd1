import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    ['Ada', 'Lovelace', 'AL'],
    ['grace', 'hopper', 'GH'],
    ['  émile ', 'zola', 'ÉZ'],
    ['Ada', '', 'A'],
    ['', '', ''],
  ])('%s %s → %s', (first, last, expected) => {
    expect(initialsOf(first, last)).toBe(expected);
  });
});
