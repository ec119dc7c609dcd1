// buildApp(config): the whole server as a Fastify instance that never listens. Plugins in order, then modules.
import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { tryEngineLock, type EngineLock } from './db/engine-lock.js';
import { migrateToLatest, underStartupLock } from './db/migrate.js';
import { seedDatabase, type SeedResult } from './db/seed.js';
import { clusterPlugin } from './cluster/cluster.plugin.js';
import { engineState } from './cluster/engine-state.js';
import { auditModule } from './modules/audit/audit.plugin.js';
import { alarmsModule } from './modules/alarms/alarms.plugin.js';
import { authModule } from './modules/auth/auth.plugin.js';
import { healthModule } from './modules/health/health.plugin.js';
import { keysModule } from './modules/keys/keys.plugin.js';
import { liveModule } from './modules/live/live.plugin.js';
import { historyModule } from './modules/history/history.plugin.js';
import type { HistoryService } from './modules/history/history.service.js';
import { LogStore } from './modules/logs/log-store.js';
import { createLogger } from './modules/logs/logger.js';
import { logsModule } from './modules/logs/logs.plugin.js';
import { metricsModule } from './modules/metrics/metrics.plugin.js';
import { mqttModule, type MqttState } from './modules/mqtt/mqtt.plugin.js';
import { notificationsModule } from './modules/notifications/notifications.plugin.js';
import { plantModule } from './modules/plant/plant.plugin.js';
import { probesModule } from './modules/probes/probes.plugin.js';
import { rolesModule } from './modules/roles/roles.plugin.js';
import { ssoModule } from './modules/sso/sso.plugin.js';
import { usersModule } from './modules/users/users.plugin.js';
import { accessPlugin, principalPlugin } from './plugins/access.js';
import { compressionPlugin } from './plugins/compression.js';
import { bodyDrainPlugin } from './plugins/body-drain.js';
import { dbPlugin } from './plugins/db.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { hostAllowListPlugin } from './plugins/host-allow-list.js';
import { openApiPlugin } from './plugins/openapi.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { securityPlugin } from './plugins/security.js';
import { webAppPlugin } from './plugins/web-app.js';
import { useZodSchemas } from './plugins/zod-schemas.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    logStore: LogStore;
    /** What first-start seeding did (main.ts prints a generated admin password once). */
    seedResult: SeedResult;
  }
}

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
export const serverVersion = version;

/**
 * docs/server.md: a request whose Host starts with "api." is an API request at the root: serve it as /api/….
 * And /metrics (Prometheus' default scrape path) is /api/metrics, so it meets the /api scope's access rule.
 */
export function rewriteApiUrl(host: string | undefined, url: string): string {
  if (url === '/metrics' || url.startsWith('/metrics?')) return `/api${url}`;
  if (!host?.toLowerCase().startsWith('api.')) return url;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return url;
  return `/api${url === '/' ? '' : url}`;
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const db = openDatabase(config.dataDir, config.databaseUrl);
  let seedResult: SeedResult;
  const logStore = new LogStore(db, config.logRetention);
  let engineLock: EngineLock | null = null;
  try {
    seedResult = await underStartupLock(db, async () => {
      await migrateToLatest(db);
      return seedDatabase(db, config.adminPassword, config.passwordHashLog2N);
    });
    // Cluster mode elects its engine with the same lock instead of refusing (cluster/engine-election.ts).
    if (config.databaseUrl && !config.redisUrl) {
      engineLock = await tryEngineLock(config.databaseUrl, (error) =>
        process.stderr.write(`[bpm] lost the database session holding the engine lock: ${error.message}\n`),
      );
      if (!engineLock)
        throw new Error('Another Battery Probe Monitor instance already runs on this database (DATABASE_URL); stop it first.');
    }
    await logStore.open();
  } catch (error) {
    await engineLock?.release();
    await db.destroy(); // e.g. a database from a newer version: release the file before reporting
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, console: config.logConsole, store: logStore });

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // plugins/request-log.ts writes one coloured line per request instead of Fastify's two JSON lines.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    rewriteUrl: (raw) => rewriteApiUrl(raw.headers.host, raw.url ?? '/'),
  });
  app.decorate('config', config);
  app.decorate('logStore', logStore);
  app.decorate('seedResult', seedResult);
  // Added first so it runs last: Fastify runs onClose hooks in reverse order, so every module flushes before the database closes.
  app.addHook('onClose', async () => {
    await logStore.close();
    await db.destroy();
    await engineLock?.release();
  });

  // Ecosystem and cross-cutting plugins, in the order requests meet them.
  useZodSchemas(app);
  await app.register(errorHandlerPlugin);
  await app.register(bodyDrainPlugin);
  await app.register(hostAllowListPlugin);
  await app.register(dbPlugin, { db });
  await app.register(requestLogPlugin, { summaryIntervalMs: config.logSummaryIntervalMs });
  await app.register(cookie);
  await app.register(principalPlugin);
  await app.register(securityPlugin);
  await app.register(openApiPlugin, { version, public: config.apiDocsPublic });

  // The live feed owns GET /: it upgrades to the WebSocket, and a plain GET gets reply.sendWebApp().
  // At the root, so its hub (app.liveHub) is there for the probes module and the tests.
  await app.register(liveModule, { credentialRecheckMs: config.liveCredentialRecheckMs, scheduler: config.liveScheduler });
  // app.cluster: where the engine runs and where its output goes (docs/deployment.md (Cluster mode)).
  await app.register(clusterPlugin);

  // The API face: every module, under /api (and at the root of api.{host}, see rewriteApiUrl). accessPlugin
  // first: each route declares config.access and one onRequest hook enforces it (docs/architecture.md (Access)).
  let historyService!: HistoryService;
  let mqtt!: MqttState;
  await app.register(
    async (api) => {
      await api.register(compressionPlugin);
      await api.register(accessPlugin);
      await api.register(authModule);
      await api.register(usersModule);
      await api.register(rolesModule);
      await api.register(keysModule);
      await api.register(logsModule);
      await api.register(probesModule);
      app.cluster.serveEngineState(() => engineState(api.probeService, app.liveHub));
      await api.register(alarmsModule);
      await api.register(historyModule);
      historyService = api.historyService;
      await api.register(metricsModule);
      await api.register(auditModule);
      await api.register(healthModule);
      await api.register(ssoModule);
      await api.register(mqttModule);
      mqtt = api.mqtt;
      await api.register(notificationsModule);
      app.decorate('notificationService', api.notificationService); // tests with an injected clock tick it
      await api.register(plantModule);
    },
    { prefix: '/api' },
  );
  // The demo plant's backfill (main.ts) and tests with an injected clock reach the history from the root.
  app.decorate('historyService', historyService);
  app.decorate('mqtt', mqtt);

  // The web face last: static files and the SPA fallback own every path nobody else claimed.
  await app.register(webAppPlugin);
  return app;
}
