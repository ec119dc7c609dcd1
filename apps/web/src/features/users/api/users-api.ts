// Users API calls (docs/api.md (Users)) and the feature's query factory. The roles for the role select and
// pills come from the shared lib/roles-query.ts.
import type { CreateUser, ModifyUser, User } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getUsers = () => apiRequest<User[]>('/users');

export const createUser = (payload: CreateUser) => apiRequest<User>('/users', { method: 'POST', body: payload });

export const modifyUser = ({ userId, payload }: { userId: number; payload: ModifyUser }) =>
  apiRequest<User>(`/users/${userId}`, { method: 'PUT', body: payload });

export const changeUserPassword = ({ userId, newPassword }: { userId: number; newPassword: string }) =>
  apiRequest<unknown>(`/users/change-password/${userId}`, { method: 'PUT', body: { currentPassword: '', newPassword } });

export const deleteUser = (userId: number) => apiRequest<unknown>(`/users/${userId}`, { method: 'DELETE' });

export const userQueries = {
  // The whole "users" prefix also holds the current user (features/account), so an edit of oneself
  // refreshes the top bar too.
  all: () => ['users'] as const,
  list: () => queryOptions({ queryKey: [...userQueries.all(), 'list'], queryFn: getUsers }),
};
