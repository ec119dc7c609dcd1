// The roles module: GET /roles and GET /roles/@me.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rolesRoutes } from './roles.routes.js';

export const rolesModule = fp(
  async (app: FastifyInstance) => {
    await app.register(rolesRoutes);
  },
  { name: 'bpm-roles', dependencies: ['bpm-access'] },
);
