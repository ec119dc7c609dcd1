// Sends reports over MQTT instead of HTTP (docs/mqtt.md): batches of up to 1,000 published to bpm/v1/reports at
// QoS 1 on one connection signed in with the API key as password; the server's PUBACK means accepted. Refusals
// arrive on the client's own errors topic.
import { randomUUID } from 'node:crypto';
import { maxReportsPerBatch, type ProbeReport } from '@bpm/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import type { SenderStats } from './sender.js';

export class MqttReportSender {
  readonly stats: SenderStats = { requests: 0, reportsSent: 0, accepted: 0, ignored: 0, failures: 0 };
  private inFlight = 0;
  private readonly client: MqttClient;

  constructor(
    url: string,
    key: string,
    private readonly maxInFlight = 4,
    private readonly batchSize = maxReportsPerBatch,
  ) {
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

  get capacity(): number {
    return (this.maxInFlight - this.inFlight) * this.batchSize;
  }

  async send(reports: readonly ProbeReport[]): Promise<void> {
    const batches: Promise<void>[] = [];
    for (let i = 0; i < reports.length; i += this.batchSize) batches.push(this.publish(reports.slice(i, i + this.batchSize)));
    await Promise.all(batches);
  }

  private async publish(batch: readonly ProbeReport[]): Promise<void> {
    this.inFlight += 1;
    this.stats.requests += 1;
    this.stats.reportsSent += batch.length;
    try {
      await this.client.publishAsync('bpm/v1/reports', JSON.stringify(batch), { qos: 1 });
      this.stats.accepted += batch.length;
    } catch (error) {
      this.stats.failures += 1;
      this.stats.lastError = error instanceof Error ? error.message : String(error);
    } finally {
      this.inFlight -= 1;
    }
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}
