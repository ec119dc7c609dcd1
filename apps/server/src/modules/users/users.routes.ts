import type { FastifyInstance } from 'fastify';
export async function usersRoutes(_app: FastifyInstance): Promise<void> {}
