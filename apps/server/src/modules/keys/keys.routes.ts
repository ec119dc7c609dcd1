import type { FastifyInstance } from 'fastify';
export async function keysRoutes(_app: FastifyInstance): Promise<void> {}
