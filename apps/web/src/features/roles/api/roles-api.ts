// GET /roles for the Roles page (spec §7 Roles, §8: "Failed to fetch roles").
import type { Role } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
};

export async function getRoles(): Promise<Role[]> {
  const response = await apiFetch('/roles');
  if (!response.ok) throw new Error('Failed to fetch roles');
  return (await response.json()) as Role[];
}

export const rolesQuery = () => queryOptions({ queryKey: roleKeys.list(), queryFn: getRoles });
