// The notifications module (docs/notifications.md): one NotificationService per app, told of every alarm change
// by the alarms module; it runs (escalations and the sender) only where the engine runs, after the alarms.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NotificationService } from './notifications.service.js';
import { notificationsRoutes } from './notifications.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    notificationService: NotificationService;
  }
}

export const notificationsModule = fp(
  async (app: FastifyInstance) => {
    const alarms = app.alarmService;
    const service = new NotificationService({
      db: app.db,
      config: app.config.notifications,
      publicUrl: app.config.publicUrl,
      log: app.log,
      alarms: {
        active: () => alarms.activeAlarms(),
        get: (id) => alarms.get(id).catch(() => undefined),
      },
    });
    alarms.onAlarmChanged((alarm) => service.observe(alarm));
    app.decorate('notificationService', service);
    // onReady hooks run in registration order, and so do the engine's starts: the alarms have started by now.
    app.addHook('onReady', () => app.cluster.whenEngine(() => service.start()));
    // onClose hooks run in reverse order: this stops before the alarms and the database.
    app.addHook('onClose', () => service.stop());
    await app.register(notificationsRoutes, { service });
  },
  { name: 'bpm-notifications', dependencies: ['bpm-access', 'bpm-alarms'] },
);
