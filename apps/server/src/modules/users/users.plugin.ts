// The users module: /users (everyone's accounts, Users permission) and /users/@me (your own).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { usersRoutes } from './users.routes.js';

export const usersModule = fp(
  async (app: FastifyInstance) => {
    await app.register(usersRoutes);
  },
  { name: 'bpm-users', dependencies: ['bpm-access'] },
);
