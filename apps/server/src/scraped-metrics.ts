// Counters and gauges whose value the server already keeps, read by prom-client at each scrape: shared by
// /metrics (modules/metrics) and the MQTT figures (docs/mqtt.md (Metrics)), so outside both modules.
import { Counter, Gauge, type Registry } from 'prom-client';

export function scrapedFigures(registers: Registry[]) {
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
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  return { counter, gauge };
}
