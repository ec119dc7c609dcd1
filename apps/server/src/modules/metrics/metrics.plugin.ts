// /metrics in Prometheus text format: reports accepted/ignored/rejected, probes by state, live sockets,
// flush sizes and durations, event loop lag, memory. Scrapers sign in like any script: with an API key
// (Prometheus `authorization: { credentials: bpm_… }`), since probe counts are not for the whole network.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Histogram, MetricsText } from './prometheus-text.js';

const contentType = 'text/plain; version=0.0.4; charset=utf-8';
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

export const metricsModule = fp(
  async (app: FastifyInstance) => {
    const hub = app.liveHub;
    const service = app.probeService;
    const flushProbes = new Histogram([0, 1, 10, 100, 1000, 5000, 10_000, 50_000]);
    const flushSeconds = new Histogram([0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25]);
    hub.onFlush = ({ probes, durationMs }) => {
      flushProbes.observe(probes);
      flushSeconds.observe(durationMs / 1000);
    };
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    app.addHook('onClose', async () => loopDelay.disable());

    const render = () => {
      const states = service.registry.countByState();
      const memory = process.memoryUsage();
      const text = new MetricsText()
        .add('bpm_reports_accepted_total', 'counter', 'Probe reports applied.', service.counters.reportsAccepted)
        .add(
          'bpm_reports_ignored_total',
          'counter',
          'Probe reports ignored as older than the probe’s last one.',
          service.counters.reportsIgnored,
        )
        .add(
          'bpm_report_batches_rejected_total',
          'counter',
          'Report batches refused as a whole (400).',
          service.counters.batchesRejected,
        )
        .add('bpm_watchdogs_raised_total', 'counter', 'Watchdog alerts (event 0) raised.', service.counters.watchdogsRaised)
        .add(
          'bpm_probes',
          'gauge',
          'Probes by state.',
          Object.entries(states).map(([state, value]) => ({ labels: { state }, value })),
        )
        .add('bpm_live_sockets', 'gauge', 'Open live feed sockets.', hub.clientCount)
        .add(
          'bpm_live_sockets_backed_up',
          'gauge',
          'Sockets above the buffer bound, coalescing their updates.',
          hub.backedUpCount,
        )
        .add('bpm_live_flushes_total', 'counter', 'Live flushes that sent probe updates.', hub.counters.flushes)
        .add('bpm_live_messages_sent_total', 'counter', 'Live messages written to sockets.', hub.counters.messagesSent)
        .add('bpm_live_bytes_sent_total', 'counter', 'Live bytes written to sockets.', hub.counters.bytesSent)
        .histogram('bpm_live_flush_probes', 'Probes per live flush.', flushProbes)
        .histogram('bpm_live_flush_duration_seconds', 'Time to serialise and send one flush.', flushSeconds)
        .add('bpm_event_loop_lag_seconds', 'gauge', 'Event loop delay since start.', [
          { labels: { quantile: '0.5' }, value: loopDelay.percentile(50) / 1e9 },
          { labels: { quantile: '0.99' }, value: loopDelay.percentile(99) / 1e9 },
          { labels: { quantile: '1' }, value: loopDelay.max / 1e9 },
        ])
        .add('process_cpu_seconds_total', 'counter', 'User and system CPU time spent.', cpuSeconds())
        .add('process_resident_memory_bytes', 'gauge', 'Resident set size.', memory.rss)
        .add('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use.', memory.heapUsed)
        .add('nodejs_heap_total_bytes', 'gauge', 'V8 heap reserved.', memory.heapTotal)
        .add('nodejs_external_memory_bytes', 'gauge', 'Memory outside the V8 heap (Buffers, SQLite objects).', memory.external);
      return text.toString();
    };

    // /api/metrics; a scrape of /metrics (Prometheus' default path) is rewritten here by app.ts's rewriteUrl.
    app.get('/metrics', { config: { access: 'signedIn' }, schema: { hide: true } }, async (_request, reply) =>
      reply.type(contentType).send(render()),
    );
  },
  { name: 'bpm-metrics', dependencies: ['bpm-access', 'bpm-live', 'bpm-probes'] },
);
