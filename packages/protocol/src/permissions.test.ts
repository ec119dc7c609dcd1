import { describe, expect, it } from 'vitest';
import { grantsAbove, impliedLevels, levelForMethod, levelSatisfies } from './permissions.js';

describe('permission levels (docs/roles-and-permissions.md (Permission levels))', () => {
  it.each([
    ['DELETE', ['UPDATE', 'WRITE', 'READ']],
    ['UPDATE', ['WRITE', 'READ']],
    ['WRITE', ['READ']],
    ['READ', []],
    ['SUPERUSER', []],
  ])('%s implies %j', (level, implied) => {
    expect(impliedLevels(level)).toEqual(implied);
  });

  it.each([
    ['READ', 'READ', true],
    ['READ', 'WRITE', false],
    ['WRITE', 'READ', true],
    ['UPDATE', 'DELETE', false],
    ['DELETE', 'UPDATE', true],
    ['bogus', 'READ', false],
  ] as const)('held %s satisfies required %s: %s', (held, required, expected) => {
    expect(levelSatisfies(held, required)).toBe(expected);
  });

  it.each([
    ['GET', 'READ'],
    ['POST', 'WRITE'],
    ['PUT', 'UPDATE'],
    ['DELETE', 'DELETE'],
  ])('%s needs %s (docs/roles-and-permissions.md (Enforcement on the server))', (method, level) => {
    expect(levelForMethod(method)).toBe(level);
  });
});

describe('grantsAbove', () => {
  it('lists what the other role holds above our own, in permission order', () => {
    const own = new Map([
      ['Users', 'UPDATE'],
      ['Logs', 'READ'],
    ]);
    const other = new Map([
      ['Logs', 'DELETE'],
      ['Users', 'UPDATE'],
      ['Roles', 'READ'],
    ]);
    expect(grantsAbove(own, other)).toEqual([
      { name: 'Roles', level: 'READ' },
      { name: 'Logs', level: 'DELETE' },
    ]);
    expect(grantsAbove(other, new Map([['Logs', 'WRITE']]))).toEqual([]);
  });
});
