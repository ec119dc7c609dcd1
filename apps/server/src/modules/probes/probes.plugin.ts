// The probes module: one ProbeService per app (engine + registry + watchdog + snapshot), publishing to
// the live hub, started when the app is ready and flushed on close, and its routes (in the /api scope).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { probesRoutes } from './probes.routes.js';
import { ProbeService } from './probes.service.js';
import { startWatchdog } from './watchdog.js';
import { BadRequestError } from '../../errors.js';
import { ingestReportBatch, ingestReportsCall } from './report-ingest.js';

declare module 'fastify' {
  interface FastifyInstance {
    probeService: ProbeService;
  }
}

export const probesModule = fp(
  async (app: FastifyInstance) => {
    const service = new ProbeService({
      db: app.db,
      publisher: app.cluster.output,
      log: app.log,
      maxProbes: app.config.maxProbes,
    });
    app.decorate('probeService', service);
    // MQTT's reports reach the engine through this call, on whichever instance runs it (docs/mqtt.md).
    app.cluster.answerEngineCall(ingestReportsCall, (body) => {
      try {
        return ingestReportBatch(service, body);
      } catch (error) {
        if (error instanceof BadRequestError) service.counters.batchesRejected += 1;
        throw error;
      }
    });
    let stopWatchdog: (() => void) | undefined;
    // In cluster mode, only on the instance that runs the engine (docs/deployment.md (Cluster mode)).
    app.addHook('onReady', () =>
      app.cluster.whenEngine(async () => {
        await service.start();
        stopWatchdog = startWatchdog(() => service.expireWatchdogs());
      }),
    );
    app.addHook('onClose', async () => {
      stopWatchdog?.();
      await service.stop();
    });
    // Encapsulated: its JSON parser stays with the probe routes.
    await app.register(probesRoutes, { service });
  },
  { name: 'bpm-probes', dependencies: ['bpm-access', 'bpm-live', 'bpm-cluster'] },
);
