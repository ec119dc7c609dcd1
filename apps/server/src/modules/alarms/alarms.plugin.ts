// The alarms module (docs/alarms.md): one AlarmService per app, watching the probe service's updates
// and publishing to the live hub; started after the probes are restored, flushed on close.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { alarmsRoutes } from './alarms.routes.js';
import { AlarmService } from './alarms.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    alarmService: AlarmService;
  }
}

export const alarmsModule = fp(
  async (app: FastifyInstance) => {
    const service = new AlarmService({
      db: app.db,
      probes: app.probeService,
      publisher: app.cluster.output,
      log: app.log,
      journalMaxAgeDays: app.config.journalMaxAgeDays,
    });
    app.decorate('alarmService', service);
    // onReady hooks run in registration order: the probes module has restored its records by now.
    app.addHook('onReady', () => app.cluster.whenEngine(() => service.start()));
    // onClose hooks run in reverse order: this flushes before the probes' snapshot and the database close.
    app.addHook('onClose', () => service.stop());
    await app.register(alarmsRoutes, { service });
  },
  { name: 'bpm-alarms', dependencies: ['bpm-access', 'bpm-probes', 'bpm-live'] },
);
