// GET /roles (Roles READ) and GET /roles/@me (any signed-in user) (docs/api.md (Roles)).
import { meSegment, roleSchema } from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../plugins/access.js';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { getRole, getRoles } from './roles.service.js';

const tags = ['Roles'];

export async function rolesRoutes(app: FastifyInstance): Promise<void> {
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
}
