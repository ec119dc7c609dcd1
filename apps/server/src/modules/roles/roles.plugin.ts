// The roles module: GET /roles and GET /roles/@me.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { getUsers, usersHolding } from '../users/users.service.js';
import { rolesRoutes } from './roles.routes.js';
import type { RoleHolders } from './roles.service.js';

/** The users module answers role editing's questions about users (docs/role-editing.md). */
const holders: RoleHolders = {
  holdingCount: async (db, permission, level) => (await usersHolding(db, permission, level)).length,
  countOf: async (db, roleId) => (await getUsers(db)).filter((user) => user.roleId === roleId).length,
};

export const rolesModule = fp(
  async (app: FastifyInstance) => {
    await app.register(rolesRoutes, { holders });
  },
  { name: 'bpm-roles', dependencies: ['bpm-access'] },
);
