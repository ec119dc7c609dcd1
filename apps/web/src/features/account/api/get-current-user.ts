// GET /users/@me: the signed-in user, for the top bar and the Account page (spec §7 Users, §8).
import { meSegment, type User } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';

export async function getCurrentUser(): Promise<User> {
  const response = await apiFetch(`/users/${meSegment}`);
  // The status travels with the spec's message, so a 401 can send the user back to sign-in.
  if (!response.ok) throw new ApiError(response.status, 'Failed to fetch user info');
  return (await response.json()) as User;
}

export const currentUserQuery = () => queryOptions({ queryKey: ['users', meSegment], queryFn: getCurrentUser });
