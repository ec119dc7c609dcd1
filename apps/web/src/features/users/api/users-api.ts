// Users API calls (spec §7 Users) and the feature's query keys. Roles are read here too, for the
// role select and pills, since features do not import each other.
import type { CreateUser, ModifyUser, Role, User } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../../../lib/api-client';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  roles: () => [...userKeys.all, 'roles'] as const,
};

export async function getUsers(): Promise<User[]> {
  const response = await apiFetch('/users');
  if (!response.ok) throw new Error('Failed to fetch users');
  return (await response.json()) as User[];
}

export async function getRoles(): Promise<Role[]> {
  const response = await apiFetch('/roles');
  if (!response.ok) throw new Error('Failed to fetch roles');
  return (await response.json()) as Role[];
}

export const usersQuery = () => queryOptions({ queryKey: userKeys.list(), queryFn: getUsers });
export const rolesQuery = () => queryOptions({ queryKey: userKeys.roles(), queryFn: getRoles });

export const createUser = (payload: CreateUser) => apiRequest<User>('/users', { method: 'POST', body: payload });

export const modifyUser = (userId: number, payload: ModifyUser) =>
  apiRequest<User>(`/users/${userId}`, { method: 'PUT', body: payload });

export const changeUserPassword = (userId: number, newPassword: string) =>
  apiRequest<unknown>(`/users/change-password/${userId}`, { method: 'PUT', body: { currentPassword: '', newPassword } });

export const deleteUser = (userId: number) => apiRequest<unknown>(`/users/${userId}`, { method: 'DELETE' });
