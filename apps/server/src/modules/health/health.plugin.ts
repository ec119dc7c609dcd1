// The health module: GET /health/live and /health/ready (docs/deployment.md, "Health checks").
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { healthRoutes } from './health.routes.js';

export const healthModule = fp(
  async (app: FastifyInstance) => {
    await app.register(healthRoutes, { db: app.db, runsEngine: app.cluster.runsEngine, pingRedis: app.cluster.pingRedis });
  },
  { name: 'bpm-health', dependencies: ['bpm-access'] },
);
