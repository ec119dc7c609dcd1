// The MQTT module (docs/mqtt.md): the embedded broker on BPM_MQTT_PORT, or with BPM_MQTT_URL a client of
// the plant's broker (cluster mode). Either way reports go through the HTTP ingest's accept path on the
// engine (app.cluster.callEngine), and alarms go out on bpm/v1/alarms.
import type { IngestResult } from '@bpm/protocol';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyPrincipal } from '../../plugins/access.js';
import { LoginThrottle } from '../auth/auth.service.js';
import { ingestReportsCall } from '../probes/probes.service.js';
import { EmbeddedBroker } from './embedded-broker.js';
import { MqttCounters } from './mqtt-metrics.js';
import { PlantBrokerClient } from './plant-broker.js';

/** What runs: the embedded broker's port once it listens (undefined otherwise), and open MQTT connections. */
export interface MqttState {
  readonly port: number | undefined;
  readonly connections: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    mqtt: MqttState;
  }
}

/**
 * Starts the embedded broker and resolves with its port. When the port cannot be used it throws with the
 * reason if BPM_MQTT_PORT was set; the default port may well belong to a broker the plant already runs, so
 * then it warns and resolves undefined: the server carries on over HTTP (docs/mqtt.md "When 1883 is taken").
 */
export async function startOrExplain(
  broker: EmbeddedBroker,
  where: string,
  portGiven: boolean,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number | undefined> {
  try {
    return await broker.start();
  } catch (error) {
    await broker.close();
    const reason = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'the port is taken' : (error as Error).message;
    if (portGiven) throw new Error(`The MQTT broker cannot listen on ${where} (BPM_MQTT_PORT): ${reason}`, { cause: error });
    log.warn(
      `MQTT broker not started: ${where}: ${reason}. Probe data over MQTT is off; set BPM_MQTT_PORT to another port, or "off".`,
    );
    return undefined;
  }
}

export const mqttModule = fp(
  async (app: FastifyInstance) => {
    const config = app.config.mqtt;
    const counters = new MqttCounters();
    counters.register(app.metricsRegistry);
    const ingest = async (data: unknown) => (await app.cluster.callEngine(ingestReportsCall, data)) as IngestResult;
    let port: number | undefined;
    app.decorate('mqtt', {
      get port() {
        return port;
      },
      get connections() {
        return counters.connections();
      },
    } satisfies MqttState);

    if (config.url) {
      const client = new PlantBrokerClient({
        url: config.url,
        log: app.log,
        ingest,
        counters,
        runsEngine: () => app.cluster.runsEngine(),
      });
      counters.connections = () => (client.connected ? 1 : 0);
      app.liveHub.onAlarms = (alarms) => client.publishAlarms(alarms);
      app.addHook('onReady', () => client.start());
      app.addHook('onClose', () => client.close());
      return;
    }
    if (config.port === null) return;

    // The same counters as the API's sign-in (docs/security.md "Sign-in throttling"); the username of an MQTT
    // CONNECT is anything, so it gets a lane of its own.
    const throttle = new LoginThrottle(app.config.loginThrottle, app.cluster.throttleStore);
    const broker = new EmbeddedBroker({
      host: app.config.host,
      port: config.port,
      tls: config.tls,
      log: app.log,
      principalOf: (token) => apiKeyPrincipal(app.db, token, new Date().toISOString()),
      signInFailed: async (address, username) => {
        const attempt = await throttle.begin({ address, usernameKey: `mqtt:${username}` });
        await attempt.failed();
      },
      ingest,
      counters,
    });
    counters.connections = () => broker.connections;
    app.liveHub.onAlarms = (alarms) => broker.publishAlarms(alarms);
    // A key deleted, a user or role changed here: check at once (the timer catches the rest within 5 s).
    app.liveSessions.onChange(() => void broker.recheck());
    app.addHook('onReady', async () => {
      const where = `${config.tls ? 'mqtts' : 'mqtt'}://${app.config.host}:${config.port}`;
      port = await startOrExplain(broker, where, config.portGiven, app.log);
      if (port !== undefined) app.log.info(`MQTT broker listening on ${app.config.host}:${port}${config.tls ? ' (TLS)' : ''}`);
    });
    app.addHook('onClose', () => broker.close());
  },
  { name: 'bpm-mqtt', dependencies: ['bpm-probes', 'bpm-metrics', 'bpm-live', 'bpm-cluster'] },
);
