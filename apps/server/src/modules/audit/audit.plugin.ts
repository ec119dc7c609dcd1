// The audit module: GET /audit, and retention (BPM_AUDIT_MAX_AGE_DAYS) pruned at start and daily.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneAudit } from './audit.service.js';
import { auditRoutes } from './audit.routes.js';

export const auditModule = fp(
  async (app: FastifyInstance) => {
    const prune = () => pruneAudit(app.db, app.config.auditMaxAgeDays);
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
    await app.register(auditRoutes);
  },
  { name: 'bpm-audit', dependencies: ['bpm-access'] },
);
