// The keys module: the caller's own API keys under /keys, and /keys/check.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { keysRoutes } from './keys.routes.js';

export const keysModule = fp(
  async (app: FastifyInstance) => {
    await app.register(keysRoutes);
  },
  { name: 'bpm-keys', dependencies: ['bpm-access'] },
);
