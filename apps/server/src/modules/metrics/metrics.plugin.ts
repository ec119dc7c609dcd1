// /metrics in Prometheus text format (prom-client, one registry per app): reports accepted/ignored/rejected,
// probes by state, live sockets, flush sizes and durations, event loop lag, memory. Scrapers sign in like any
// script: with an API key (Prometheus `authorization: { credentials: bpm_… }`), since probe counts are not for the whole network.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry } from 'prom-client';
import { scrapedFigures } from '../../scraped-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: Registry;
  }
}

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

export const metricsModule = fp(
  async (app: FastifyInstance) => {
    const hub = app.liveHub;
    const service = app.probeService;
    const registers = [new Registry()];
    // Figures the server already counts are read at each scrape.
    const { counter, gauge } = scrapedFigures(registers);

    counter('bpm_reports_accepted_total', 'Probe reports applied.', () => service.counters.reportsAccepted);
    counter(
      'bpm_reports_ignored_total',
      'Probe reports ignored as older than the probe’s last one.',
      () => service.counters.reportsIgnored,
    );
    counter(
      'bpm_report_batches_rejected_total',
      'Report batches refused as a whole (400).',
      () => service.counters.batchesRejected,
    );
    counter('bpm_watchdogs_raised_total', 'Watchdog alerts (event 0) raised.', () => service.counters.watchdogsRaised);
    new Gauge({
      name: 'bpm_probes',
      help: 'Probes by state.',
      labelNames: ['state'],
      registers,
      collect() {
        this.reset();
        for (const [state, value] of Object.entries(service.registry.countByState())) this.set({ state }, value);
      },
    });
    gauge('bpm_live_sockets', 'Open live feed sockets.', () => hub.clientCount);
    gauge('bpm_live_sockets_backed_up', 'Sockets above the buffer bound, coalescing their updates.', () => hub.backedUpCount);
    counter('bpm_live_flushes_total', 'Live flushes that sent probe updates.', () => hub.counters.flushes);
    counter('bpm_live_messages_sent_total', 'Live messages written to sockets.', () => hub.counters.messagesSent);
    counter('bpm_live_bytes_sent_total', 'Live bytes written to sockets.', () => hub.counters.bytesSent);
    const flushProbes = new Histogram({
      name: 'bpm_live_flush_probes',
      help: 'Probes per live flush.',
      buckets: [0, 1, 10, 100, 1000, 5000, 10_000, 50_000],
      registers,
    });
    const flushSeconds = new Histogram({
      name: 'bpm_live_flush_duration_seconds',
      help: 'Time to serialise and send one flush.',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers,
    });
    hub.onFlush = ({ probes, durationMs }) => {
      flushProbes.observe(probes);
      flushSeconds.observe(durationMs / 1000);
    };

    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    app.addHook('onClose', async () => loopDelay.disable());
    new Gauge({
      name: 'bpm_event_loop_lag_seconds',
      help: 'Event loop delay since start.',
      labelNames: ['quantile'],
      registers,
      collect() {
        this.set({ quantile: '0.5' }, loopDelay.percentile(50) / 1e9);
        this.set({ quantile: '0.99' }, loopDelay.percentile(99) / 1e9);
        this.set({ quantile: '1' }, loopDelay.max / 1e9);
      },
    });
    // Under the names this server has always used (prom-client's default metrics name the heap differently).
    counter('process_cpu_seconds_total', 'User and system CPU time spent.', cpuSeconds);
    gauge('process_resident_memory_bytes', 'Resident set size.', () => process.memoryUsage.rss());
    gauge('nodejs_heap_used_bytes', 'V8 heap in use.', () => process.memoryUsage().heapUsed);
    gauge('nodejs_heap_total_bytes', 'V8 heap reserved.', () => process.memoryUsage().heapTotal);
    gauge(
      'nodejs_external_memory_bytes',
      'Memory outside the V8 heap (Buffers, SQLite objects).',
      () => process.memoryUsage().external,
    );

    // /api/metrics; a scrape of /metrics (Prometheus' default path) is rewritten here by app.ts's rewriteUrl.
    const registry = registers[0]!;
    // Modules registered later add their own figures (modules/mqtt).
    app.decorate('metricsRegistry', registry);
    app.get('/metrics', { config: { access: 'signedIn' }, schema: { hide: true } }, async (_request, reply) =>
      reply.type(registry.contentType).send(await registry.metrics()),
    );
  },
  { name: 'bpm-metrics', dependencies: ['bpm-access', 'bpm-live', 'bpm-probes'] },
);
