// GET /roles (Roles READ) and GET /roles/@me (any signed-in user) (spec §7 Roles).
import { meSegment, roleSchema } from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../errors.js';
import { requireAuth, requirePermission } from '../../plugins/auth.js';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { findRole, listRoles } from './roles.queries.js';

const tags = ['Roles'];

export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/roles',
    {
      schema: { tags, summary: 'Every role with its permissions', response: { 200: z.array(roleSchema) } },
      preHandler: requirePermission('Roles'),
    },
    () => listRoles(app.db),
  );

  r.get(
    `/roles/${meSegment}`,
    { schema: { tags, summary: "The caller's role", response: { 200: roleSchema } }, preHandler: requireAuth() },
    async (request) => {
      const role = await findRole(app.db, request.principal?.roleId ?? 0);
      if (!role) throw new NotFoundError('Role not found');
      return role;
    },
  );
}
