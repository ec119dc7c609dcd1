// The plant module: the floor plan under /plant (docs/plant.md).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { plantRoutes } from './plant.routes.js';

export const plantModule = fp(
  async (app: FastifyInstance) => {
    await app.register(plantRoutes);
  },
  { name: 'bpm-plant', dependencies: ['bpm-access'] },
);
