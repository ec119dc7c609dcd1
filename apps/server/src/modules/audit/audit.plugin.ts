// The audit module: GET /audit under `prefix`, and retention (BPM_AUDIT_MAX_AGE_DAYS) pruned at start and daily.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteAuditRowsBefore } from './audit.queries.js';
import { auditRoutes } from './audit.routes.js';

export const auditModule = fp(
  async (app: FastifyInstance, options: { prefix?: string }) => {
    const prune = () =>
      deleteAuditRowsBefore(app.db, new Date(Date.now() - app.config.auditMaxAgeDays * 86_400_000).toISOString());
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await prune();
      timer = setInterval(
        () => void prune().catch((error: unknown) => app.log.error({ err: error }, 'audit pruning failed')),
        86_400_000,
      );
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
    await app.register(auditRoutes, { prefix: options.prefix ?? '/api' });
  },
  { name: 'bpm-audit', dependencies: ['bpm-auth'] },
);
