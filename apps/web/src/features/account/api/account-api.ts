// The signed-in user's own account (docs/api.md (Users)): GET and PUT /users/@me, POST /logout and
// PUT /users/change-password/@me, and the feature's query factory. Its keys start with "users" like the
// Users feature's, so a change to the user list also refreshes the current user.
import { meSegment, type ChangePassword, type UpdateMe, type User } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getCurrentUser = () => apiRequest<User>(`/users/${meSegment}`);

export const updateCurrentUser = (changes: UpdateMe) => apiRequest<User>(`/users/${meSegment}`, { method: 'PUT', body: changes });

export const changeOwnPassword = (change: ChangePassword) =>
  apiRequest<unknown>(`/users/change-password/${meSegment}`, { method: 'PUT', body: change });

/** 204 (undefined), or for a single sign-on account the identity provider's end-session address (docs/sso.md (Signing out)). */
export const logOut = () => apiRequest<{ endSessionUrl?: string } | undefined>('/logout', { method: 'POST' });

export const accountQueries = {
  all: () => ['users', meSegment] as const,
  currentUser: () => queryOptions({ queryKey: [...accountQueries.all(), 'detail'], queryFn: getCurrentUser }),
};
