// GET /health/live and /health/ready for load balancers (docs/deployment.md, "Health checks"): public, and
// they say nothing beyond their fields.
import { healthLiveSchema, healthReadySchema } from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { readiness, type ReadinessSources } from './health.service.js';

const tags = ['Health'];
const access = { access: 'public' } as const;

export async function healthRoutes(app: FastifyInstance, sources: ReadinessSources): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/health/live',
    { schema: { tags, summary: 'The process answers', response: { 200: healthLiveSchema } }, config: access },
    async () => ({ status: 'ok' as const }),
  );

  r.get(
    '/health/ready',
    {
      schema: {
        tags,
        summary: 'Database (and Redis) reachable, migrations done, and whether this instance runs the engine',
        response: { 200: healthReadySchema, 503: healthReadySchema },
      },
      config: access,
    },
    async (_request, reply) => {
      const answer = await readiness(sources);
      return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
    },
  );
}
