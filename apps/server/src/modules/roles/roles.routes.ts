// GET /roles (Roles READ) and GET /roles/@me (any signed-in user) (docs/api.md (Roles)).
import { idParamSchema, meSegment, roleInputSchema, roleSchema, type Role } from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../plugins/access.js';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { auditRequest, changesBetween } from '../audit/audit.service.js';
import { logLine } from '../../log-text.js';
import { createRole, deleteRole, getRole, getRoles, makeDefaultRole, updateRole, type RoleHolders } from './roles.service.js';

const tags = ['Roles'];

/** A role as audited: its name, description, default flag and grants ("Logs": "READ"). */
const roleFields = ['name', 'description', 'is_default', 'permissions'] as const;
const audited = (role: Role) => ({
  name: role.name,
  description: role.description,
  is_default: role.is_default,
  permissions: Object.fromEntries(role.permissions_with_levels.map((p) => [p.permission_name, p.permission_level_name])),
});

export async function rolesRoutes(app: FastifyInstance, options: { holders: RoleHolders }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/roles',
    {
      schema: { tags, summary: 'Every role with its permissions', response: { 200: z.array(roleSchema) } },
      config: { access: { permission: 'Roles' } },
    },
    () => getRoles(app.db),
  );

  r.get(
    `/roles/${meSegment}`,
    { schema: { tags, summary: "The caller's role", response: { 200: roleSchema } }, config: { access: 'signedIn' } },
    (request) => getRole(app.db, callerOf(request).roleId),
  );

  // Role editing (docs/role-editing.md). Permission changes reach the holders' next request by themselves
  // (a principal's permissions are read per request) and their open live feeds through liveSessions.
  r.post(
    '/roles',
    {
      schema: { tags, summary: 'Create a role', body: roleInputSchema, response: { 201: roleSchema } },
      config: { access: { permission: 'Roles', level: 'WRITE' } },
    },
    async (request, reply) => {
      const role = await createRole(app.db, callerOf(request), request.body);
      await auditRequest(request, {
        action: 'role.create',
        target: { type: 'role', id: role.id },
        changes: changesBetween(null, audited(role), roleFields),
      });
      request.log.info(logLine`User ${callerOf(request).username} created role ${role.name}`);
      return reply.code(201).send(role);
    },
  );

  r.put(
    '/roles/:id',
    {
      schema: {
        tags,
        summary: "Change a role's name, description and permissions",
        params: idParamSchema,
        body: roleInputSchema,
        response: { 200: roleSchema },
      },
      config: { access: { permission: 'Roles', level: 'UPDATE' } },
    },
    async (request) => {
      const before = await getRole(app.db, request.params.id);
      const role = await updateRole(app.db, options.holders, callerOf(request), request.params.id, request.body);
      await auditRequest(request, {
        action: 'role.update',
        target: { type: 'role', id: role.id },
        changes: changesBetween(audited(before), audited(role), roleFields),
      });
      await app.liveSessions.credentialsChanged({ roleId: role.id });
      request.log.info(logLine`User ${callerOf(request).username} changed role ${role.name}`);
      return role;
    },
  );

  r.delete(
    '/roles/:id',
    {
      schema: { tags, summary: 'Delete a role nobody holds (not the default)', params: idParamSchema },
      config: { access: { permission: 'Roles', level: 'DELETE' } },
    },
    async (request, reply) => {
      const role = await deleteRole(app.db, options.holders, callerOf(request), request.params.id);
      await auditRequest(request, {
        action: 'role.delete',
        target: { type: 'role', id: role.id },
        changes: changesBetween(audited(role), null, roleFields),
      });
      request.log.info(logLine`User ${callerOf(request).username} deleted role ${role.name}`);
      return reply.code(204).send();
    },
  );

  r.put(
    '/roles/:id/default',
    {
      schema: { tags, summary: 'Make a role the default role', params: idParamSchema, response: { 200: roleSchema } },
      config: { access: { permission: 'Roles', level: 'UPDATE' } },
    },
    async (request) => {
      const role = await makeDefaultRole(app.db, callerOf(request), request.params.id);
      await auditRequest(request, { action: 'role.default', target: { type: 'role', id: role.id } });
      request.log.info(logLine`User ${callerOf(request).username} made role ${role.name} the default`);
      return role;
    },
  );
}
