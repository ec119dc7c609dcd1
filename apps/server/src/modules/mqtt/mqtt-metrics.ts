// MQTT figures for /metrics (docs/mqtt.md (Metrics)): counted here, read by prom-client at each scrape.
import { Counter, type Registry } from 'prom-client';
import { scrapedFigures } from '../../scraped-metrics.js';

export class MqttCounters {
  connections: () => number = () => 0;
  messagesReceived = 0;
  messagesPublished = 0;
  /** Refused publishes, subscriptions and CONNECTs, by kind. */
  readonly errors = { publish: 0, subscribe: 0, connect: 0 };

  register(registry: Registry): void {
    const registers = [registry];
    const errors = () => Object.entries(this.errors);
    const { counter, gauge } = scrapedFigures(registers);
    gauge(
      'bpm_mqtt_connections',
      'Open MQTT connections (embedded broker) or connections to the plant broker (cluster mode).',
      () => this.connections(),
    );
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
