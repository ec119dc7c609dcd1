// The history module (docs/history.md): one HistoryService per app, fed by the probes module with each
// accepted report, started when the app is ready and flushed on close, and its routes (in the /api scope).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { historyRoutes } from './history.routes.js';
import { HistoryService } from './history.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    historyService: HistoryService;
  }
}

export const historyModule = fp(
  async (app: FastifyInstance) => {
    const probes = app.probeService;
    const service = new HistoryService({
      db: app.db,
      log: app.log,
      maxAgeDays: app.config.history.maxAgeDays,
      clock: app.config.history.clock,
      probeExists: (probeID) => probes.registry.get(probeID) !== undefined,
      alarmIdsRaised: (probeID, fromMs, toMs) => app.alarmService.alarmIdsRaised(probeID, fromMs, toMs),
    });
    app.decorate('historyService', service);
    probes.onReportsAccepted((records) => service.recordReports(records));
    app.addHook('onReady', () => app.cluster.whenEngine(() => service.start()));
    // Registered after the probes module, so closed before it (Fastify closes in reverse order).
    app.addHook('onClose', async () => service.stop());
    await app.register(historyRoutes, { service });
  },
  { name: 'bpm-history', dependencies: ['bpm-access', 'bpm-probes', 'bpm-alarms'] },
);
