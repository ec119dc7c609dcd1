#!/usr/bin/env node
// bpm-simulator: runs the plant against a server. Options: --probes, --rate, --seed, --url, --key
// (or BPM_API_KEY), --transport http|mqtt and --mqtt-url. Prints what was sent every 5 s; Ctrl-C stops it.
import { parseArgs } from 'node:util';
import { startSimulator } from './index.js';

const usage = `Usage: bpm-simulator --key bpm_… [--url http://localhost:8080/api] [--probes 200] [--rate 1] [--seed 1]
  --probes  number of probes (one per AGV)          default 200
  --rate    reports per probe per second             default 1
  --seed    seed for a repeatable plant              default 1
  --url     the server's API base                    default http://localhost:8080/api
  --key     an API key with Probes WRITE             default $BPM_API_KEY
  --tick-ms how often reports are generated and sent default 100
  --in-flight  requests in flight at most            default 4
  --quiet   print nothing but errors
  --transport  http, or mqtt (bpm/v1/reports, QoS 1)  default http
  --mqtt-url   the MQTT broker, key as password      default mqtt://localhost:1883`;

const { values } = parseArgs({
  options: {
    probes: { type: 'string', default: '200' },
    rate: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    url: { type: 'string', default: 'http://localhost:8080/api' },
    key: { type: 'string' },
    'tick-ms': { type: 'string', default: '100' },
    'in-flight': { type: 'string', default: '4' },
    quiet: { type: 'boolean', default: false },
    transport: { type: 'string', default: 'http' },
    'mqtt-url': { type: 'string', default: 'mqtt://localhost:1883' },
    help: { type: 'boolean', short: 'h' },
  },
});

const key = values.key ?? process.env.BPM_API_KEY;
const probes = Number(values.probes);
const rate = Number(values.rate);
const seed = Number(values.seed);
const transport = values.transport;
if (
  values.help ||
  !key ||
  !(probes >= 1) ||
  !(rate > 0) ||
  !Number.isInteger(seed) ||
  (transport !== 'http' && transport !== 'mqtt')
) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}

const simulator = startSimulator({
  url: values.url,
  key,
  probes,
  rate,
  seed,
  tickMs: Number(values['tick-ms']),
  maxInFlight: Number(values['in-flight']),
  transport,
  mqttUrl: values['mqtt-url'],
});
const log = values.quiet ? () => {} : console.log;
log(`[bpm-simulator] ${probes} probes at ${rate} Hz (seed ${seed}) → ${transport === 'mqtt' ? values['mqtt-url'] : values.url}`);
const report = setInterval(() => {
  const s = simulator.stats;
  if (values.quiet && !s.lastError) return;
  console.log(
    `[bpm-simulator] sent ${s.reportsSent}, accepted ${s.accepted}, ignored ${s.ignored}, failed requests ${s.failures}${s.lastError ? ` (last: ${s.lastError})` : ''}`,
  );
}, 5000);

const stop = async () => {
  clearInterval(report);
  await simulator.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
