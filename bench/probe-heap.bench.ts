// What the server's heap holds per probe (docs/decisions/security.md#shared-frozen-events): a real app fed
// like bench/probes-loop.bench.ts (one report per probe, a battery pack assigned), one live socket in the
// spec format (a stand-in that reads everything, so that the hub keeps what it keeps for a real one), then a
// heap snapshot before and after a threshold change that raises a Warning alarm on every probe. Each
// snapshot is summarised by owner: the bytes each module's object retains alone, per probe, with the
// constructors that make them up (bench/heap-summary.ts). Run: node bench/run.mjs probe-heap
// (env: BENCH_PROBES, default 20,000: the figures are per probe, and a snapshot of 100,000 takes minutes to read;
// BENCH_DUMP=1 also prints the first records field by field).
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ProbeReportInput } from '@bpm/protocol';
import type { LiveSocket } from '../apps/server/src/modules/live/live-clients';
import { createTestApp } from '../apps/server/src/testing/test-app';
import { HeapGraph, topKinds } from './heap-summary';

const probeCount = Number(process.env.BENCH_PROBES ?? 20_000);
const report = (i: number): ProbeReportInput => ({
  probeID: `P-${i}`,
  readings: [{ origin: 'CAN', temperature: 30, valid: true }],
  batteryPercentage: 80,
  assignment: { buildStage: null, agv: null, batteryPack: { id: i, name: `Pack ${i}` }, expectingCANData: true },
});

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** Owners by class name; each is summed over its instances (one per app). */
const owners = [
  'ProbeRegistry',
  'WatchdogSchedule',
  'SnapshotWriter',
  'AlarmTracker',
  'JournalWriter',
  'LiveHub',
  'CompactFeed',
  'HistoryRecorder',
  'HistoryWriter',
];

function summarise(label: string, baselineBytes: number) {
  const path = join(tmpdir(), `bpm-probe-heap-${process.pid}-${label}.heapsnapshot`);
  const usedBytes = heapUsed();
  writeHeapSnapshot(path);
  try {
    const graph = new HeapGraph(path);
    const per = (bytes: number) => (bytes / probeCount).toFixed(0);
    console.log(`\n## ${label}`);
    console.log(
      `heap used ${(usedBytes / 1e6).toFixed(1)} MB: ${per(usedBytes - baselineBytes)} B per probe above the empty app`,
    );
    console.log(`whole heap by constructor (self size per probe, count per probe): ${topKinds(graph.byKind(), probeCount, 12)}`);
    if (process.env.BENCH_DUMP) {
      // The first probes' records, field by field (what one record is made of).
      const registry = graph.instancesOf('ProbeRegistry')[0]!;
      const table = graph.field(graph.field(registry, 'records')!, 'table')!;
      console.log(graph.dump(table, 6).slice(0, 160).join('\n'));
    }
    for (const owner of owners) {
      const instances = graph.instancesOf(owner);
      if (instances.length === 0) continue;
      const owned = graph.retained(instances);
      if (owned.bytes < probeCount) continue; // under a byte per probe
      console.log(`${owner}: ${per(owned.bytes)} B per probe (${(owned.count / probeCount).toFixed(2)} objects)`);
      console.log(`  made of: ${topKinds(owned.byKind, probeCount)}`);
      const fields = graph
        .fields(instances[0]!)
        .map((f) => ({ name: f.name, owned: graph.retained([f.to]) }))
        .filter((f) => f.owned.bytes >= probeCount)
        .sort((a, b) => b.owned.bytes - a.owned.bytes);
      for (const f of fields) console.log(`  .${f.name}: ${per(f.owned.bytes)} B — ${topKinds(f.owned.byKind, probeCount, 6)}`);
    }
  } finally {
    rmSync(path, { force: true });
  }
}

async function main() {
  const t = await createTestApp({ maxProbes: probeCount });
  try {
    const cookie = await t.loginAsAdmin();
    const headers = { cookie, origin: 'http://localhost' };
    // A socket that keeps up and reads everything: the hub serialises for it as for a real one.
    const socket: LiveSocket = { bufferedAmount: 0, readyState: 1, send: () => {}, ping: () => {}, terminate: () => {} };
    t.app.liveHub.addClient(socket, 'spec');
    const baseline = heapUsed();
    for (let start = 0; start < probeCount; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, probeCount - start) }, (_, i) => report(start + i));
      await t.app.inject({ method: 'POST', url: '/api/probes/reports', headers, payload: batch });
    }
    const settle = async () => {
      // The probe snapshot writer (every 5 s) and the alarms journal (every second) write what is pending.
      await new Promise((resolve) => setTimeout(resolve, 6000));
    };
    await settle();
    summarise(`${probeCount} probes, after ingest`, baseline);
    await t.app.inject({ method: 'PUT', url: '/api/system/config', headers, payload: { batteryLevelWarning: 85 } });
    await settle();
    summarise(`${probeCount} probes, after the threshold change (a Warning alarm on each)`, baseline);
  } finally {
    await t.close();
  }
}

void main();
