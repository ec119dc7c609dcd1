// Sends reports over MQTT instead of HTTP (docs/mqtt.md): batches of up to 1,000 published to bpm/v1/reports at
// QoS 1 on one connection signed in with the API key as password; the server's PUBACK means accepted. Refusals
// arrive on the client's own errors topic.
import { randomUUID } from 'node:crypto';
import type { ProbeReport } from '@bpm/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { BatchSender } from './sender.js';

export class MqttReportSender extends BatchSender {
  private readonly client: MqttClient;

  constructor(url: string, key: string, maxInFlight?: number, batchSize?: number) {
    super(maxInFlight, batchSize);
    const clientId = `bpm-simulator-${randomUUID().slice(0, 8)}`;
    this.client = mqtt.connect(url, { clientId, username: 'bpm-simulator', password: key, reconnectPeriod: 1000 });
    this.client.on('connect', () => void this.client.subscribe(`bpm/v1/clients/${clientId}/errors`));
    this.client.on('message', (_topic, payload) => {
      this.stats.failures += 1;
      this.stats.lastError = payload.toString();
    });
    this.client.on('error', (error) => {
      this.stats.failures += 1;
      this.stats.lastError = error.message;
    });
  }

  protected async transmit(batch: readonly ProbeReport[]): Promise<void> {
    await this.client.publishAsync('bpm/v1/reports', JSON.stringify(batch), { qos: 1 });
    this.stats.accepted += batch.length;
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}
