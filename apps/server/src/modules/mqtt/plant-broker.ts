// Cluster mode's MQTT (docs/mqtt.md (Cluster mode)): each instance is a client of the plant's broker with the
// MQTT 5 shared subscription $share/bpm/bpm/v1/#, so the broker hands each report to one instance, which
// forwards it to the engine like an HTTP ingest. The broker authenticates devices (its own ACL). Alarms are
// published by the engine instance only.
import { randomUUID } from 'node:crypto';
import type { Alarm, IngestResult } from '@bpm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { ServiceUnavailableError } from '../../errors.js';
import type { MqttCounters } from './mqtt-metrics.js';
import { alarmsTopic, isReportTopic, maxPayloadBytes, mqttError, reportsPayload, sharedSubscription } from './mqtt-topics.js';

export interface PlantBrokerOptions {
  url: string;
  log: FastifyBaseLogger;
  ingest(data: unknown): Promise<IngestResult>;
  counters: MqttCounters;
  runsEngine(): boolean;
}

export class PlantBrokerClient {
  private client: MqttClient | undefined;

  constructor(private readonly options: PlantBrokerOptions) {}

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Connects and subscribes; resolves once subscribed (the client keeps reconnecting by itself afterwards). */
  async start(): Promise<void> {
    const client = mqtt.connect(this.options.url, {
      protocolVersion: 5,
      clientId: `bpm-${randomUUID()}`,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      resubscribe: false, // subscribed on each connect below
    });
    this.client = client;
    // One message at a time, acknowledged (QoS 1 PUBACK) once the engine has answered.
    client.handleMessage = (packet, done) => {
      void this.receive(packet as IPublishPacket).then(
        () => done(),
        (error: Error) => done(error),
      );
    };
    client.on('error', (error) => this.options.log.warn(`MQTT plant broker: ${error.message}`));
    // Subscribed on every (re)connection without a session: the broker may have restarted and forgotten it.
    const subscribed = new Promise<void>((resolve) => {
      client.on('connect', (connack) => {
        if (connack.sessionPresent) return resolve();
        client.subscribe(sharedSubscription, { qos: 1 }, (error) => {
          if (error) this.options.log.warn(`MQTT: could not subscribe to ${sharedSubscription}: ${error.message}`);
          else this.options.log.info(`MQTT: subscribed to ${sharedSubscription} on the plant broker`);
          resolve();
        });
      });
    });
    // A broker that is down does not stop the server: it keeps trying, and HTTP ingest works meanwhile.
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref());
    if ((await Promise.race([subscribed, timeout])) === 'timeout')
      this.options.log.warn('MQTT: the plant broker (BPM_MQTT_URL) did not answer within 10 s; still trying');
  }

  private async receive(packet: IPublishPacket): Promise<void> {
    // The subscription also brings what BPM publishes itself (alarms, errors): only report topics are for it.
    if (!isReportTopic(packet.topic)) return;
    this.options.counters.messagesReceived += 1;
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    try {
      if (payload.length > maxPayloadBytes)
        throw new Error(`The payload is ${payload.length} bytes: at most ${maxPayloadBytes} (1 MiB) are accepted`);
      await this.options.ingest(reportsPayload(packet.topic, payload));
    } catch (error) {
      this.options.counters.errors.publish += 1;
      const message = mqttError(packet.topic, error);
      this.options.log.info(`MQTT report on ${packet.topic} refused: ${message.error}`);
      // The broker does not tell subscribers who published: the error goes to the publish's MQTT 5 response topic.
      const responseTopic = packet.properties?.responseTopic;
      if (responseTopic) this.publish(responseTopic, message, 0);
      // No PUBACK while no engine answers: the broker delivers the report again.
      if (error instanceof ServiceUnavailableError) throw error;
    }
  }

  private publish(topic: string, message: unknown, qos: 0 | 1): void {
    this.options.counters.messagesPublished += 1;
    this.client?.publish(topic, JSON.stringify(message), { qos }, (error) => {
      if (error) this.options.log.warn(`MQTT publish to ${topic} failed: ${error.message}`);
    });
  }

  /** On the engine instance only: every instance's hub sees the alarms, one of them publishes. */
  publishAlarms(alarms: readonly Alarm[]): void {
    if (alarms.length > 0 && this.options.runsEngine()) this.publish(alarmsTopic, { messageType: 'alarms', alarms }, 1);
  }

  async close(): Promise<void> {
    await this.client?.endAsync();
  }
}
