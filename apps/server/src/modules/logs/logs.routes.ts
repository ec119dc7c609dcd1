import type { FastifyInstance } from 'fastify';
export async function logsRoutes(_app: FastifyInstance): Promise<void> {}
