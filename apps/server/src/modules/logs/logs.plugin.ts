// The logs module: GET /system/logs and /system/logs.json, read from the app's LogStore (app.logStore, opened by buildApp).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { logsRoutes } from './logs.routes.js';

export const logsModule = fp(
  async (app: FastifyInstance) => {
    await app.register(logsRoutes);
  },
  { name: 'bpm-logs', dependencies: ['bpm-access'] },
);
