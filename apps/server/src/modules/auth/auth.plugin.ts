// The auth module: GET/POST /login and POST /logout. Sessions live in modules/sessions, the caller is resolved by plugins/access.ts.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './auth.routes.js';

export const authModule = fp(
  async (app: FastifyInstance) => {
    await app.register(authRoutes);
  },
  { name: 'bpm-auth', dependencies: ['bpm-access', '@fastify/cookie'] },
);
