// MQTT figures for /metrics (docs/mqtt.md (Metrics)): counted here, read by prom-client at each scrape.
import { Counter, Gauge, type Registry } from 'prom-client';

export class MqttCounters {
  connections: () => number = () => 0;
  messagesReceived = 0;
  messagesPublished = 0;
  /** Refused publishes, subscriptions and CONNECTs, by kind. */
  readonly errors = { publish: 0, subscribe: 0, connect: 0 };

  register(registry: Registry): void {
    const registers = [registry];
    const connections = () => this.connections();
    const errors = () => Object.entries(this.errors);
    new Gauge({
      name: 'bpm_mqtt_connections',
      help: 'Open MQTT connections (embedded broker) or connections to the plant broker (cluster mode).',
      registers,
      collect() {
        this.set(connections());
      },
    });
    const counter = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    counter('bpm_mqtt_messages_received_total', 'MQTT publishes received on report topics.', () => this.messagesReceived);
    counter('bpm_mqtt_messages_published_total', 'MQTT messages BPM published (alarms, errors).', () => this.messagesPublished);
    new Counter({
      name: 'bpm_mqtt_errors_total',
      help: 'MQTT publishes, subscriptions and CONNECTs refused.',
      labelNames: ['kind'],
      registers,
      collect() {
        this.reset();
        for (const [kind, value] of errors()) this.inc({ kind }, value);
      },
    });
  }
}
