// GET /users/@me: the signed-in user, for the top bar and the Account page (spec §7 Users, §8).
import { meSegment, type User } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export async function getCurrentUser(): Promise<User> {
  const response = await apiFetch(`/users/${meSegment}`);
  if (!response.ok) throw new Error('Failed to fetch user info');
  return (await response.json()) as User;
}

export const currentUserQuery = () => queryOptions({ queryKey: ['users', meSegment], queryFn: getCurrentUser });
