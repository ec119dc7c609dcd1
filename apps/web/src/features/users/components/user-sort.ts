// Users table sorting (docs/screens.md (Users table)): each column cycles none → asc → desc → none; a new column starts at asc.
import type { User } from '@bpm/protocol';

export type UserSortColumn = 'username' | 'firstName' | 'lastName' | 'email' | 'role' | 'created' | 'updated';
export type SortDirection = 'asc' | 'desc';
export interface UserSort {
  column: UserSortColumn;
  direction: SortDirection;
}

/** The sort after a click on `column`; null means unsorted (the server's order). */
export function nextSort(current: UserSort | null, column: UserSortColumn): UserSort | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return null;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compareBy(column: UserSortColumn, a: User, b: User): number {
  if (column === 'created' || column === 'updated') return Date.parse(a[column]) - Date.parse(b[column]);
  return collator.compare(a[column], b[column]);
}

export function sortUsers(users: readonly User[], sort: UserSort | null): User[] {
  if (!sort) return [...users];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...users].sort((a, b) => sign * compareBy(sort.column, a, b));
}

/** Case-insensitive match on every shown text: username, names, email and role. */
export function filterUsers(users: readonly User[], search: string): User[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((user) =>
    [user.username, user.firstName, user.lastName, `${user.firstName} ${user.lastName}`, user.email, user.role].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}
