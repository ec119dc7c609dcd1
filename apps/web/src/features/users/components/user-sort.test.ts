import type { User } from '@bpm/protocol';
import { describe, expect, it } from 'vitest';
import { filterUsers, nextSort, sortUsers } from './user-sort';

const user = (userId: number, username: string, created: string, role = 'Operator'): User => ({
  userId,
  username,
  firstName: `First${userId}`,
  lastName: `Last${userId}`,
  email: `${username}@plant.test`,
  role,
  roleId: 3,
  created,
  updated: created,
  source: 'local',
});

const users = [
  user(1, 'charlie', '2026-01-03T00:00:00Z'),
  user(2, 'alice', '2026-01-01T00:00:00Z', 'Supervisor'),
  user(3, 'Bob', '2026-01-02T00:00:00Z'),
];

describe('users sort cycle', () => {
  it('cycles none → asc → desc → none on one column', () => {
    const first = nextSort(null, 'username');
    expect(first).toEqual({ column: 'username', direction: 'asc' });
    const second = nextSort(first, 'username');
    expect(second).toEqual({ column: 'username', direction: 'desc' });
    expect(nextSort(second, 'username')).toBeNull();
  });

  it('starts a new column at asc whatever the old one was', () => {
    expect(nextSort({ column: 'username', direction: 'desc' }, 'email')).toEqual({ column: 'email', direction: 'asc' });
    expect(nextSort({ column: 'username', direction: 'asc' }, 'created')).toEqual({ column: 'created', direction: 'asc' });
  });

  it('sorts text ignoring case, dates by time, and keeps the original order when unsorted', () => {
    const names = (list: User[]) => list.map((entry) => entry.username);
    expect(names(sortUsers(users, { column: 'username', direction: 'asc' }))).toEqual(['alice', 'Bob', 'charlie']);
    expect(names(sortUsers(users, { column: 'username', direction: 'desc' }))).toEqual(['charlie', 'Bob', 'alice']);
    expect(names(sortUsers(users, { column: 'created', direction: 'asc' }))).toEqual(['alice', 'Bob', 'charlie']);
    expect(names(sortUsers(users, null))).toEqual(['charlie', 'alice', 'Bob']);
  });

  it('filters by any shown text, ignoring case', () => {
    expect(filterUsers(users, 'BOB').map((entry) => entry.userId)).toEqual([3]);
    expect(filterUsers(users, 'supervisor').map((entry) => entry.userId)).toEqual([2]);
    expect(filterUsers(users, 'first1 last1').map((entry) => entry.userId)).toEqual([1]);
    expect(filterUsers(users, '  ')).toHaveLength(3);
  });
});
