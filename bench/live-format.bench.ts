// The live formats side by side, in one process: the bench plant (10,000 probes at 1 Hz)
// through the real engine into two real hubs, one with a spec socket and one with a compact socket, and
// for each format the bytes per probe update, the 10,000-probe snapshot and the hub's flush CPU. Beside
// them: per-socket deflate (what permessage-deflate would cost). Bounded: 10 simulated seconds.
// Run: node --import tsx bench/live-format.bench.ts
import { deflateRawSync } from 'node:zlib';
import { defaultSystemInfo } from '@bpm/protocol';
import { CompactDecoder, isCompactMessage, type CompactMessage } from '@bpm/protocol/live-compact';
import { Plant } from '@bpm/simulator';
import { evaluateReport } from '../apps/server/src/engine/evaluate-report';
import type { ProbeRecord } from '../apps/server/src/engine/probe-record';
import { hubOnFakeClock } from '../apps/server/src/modules/live/hub-clock.testing';
import type { LiveFormat, LiveSocket } from '../apps/server/src/modules/live/live-clients';

const probes = 10_000;
const seconds = 10;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

class CountingSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  messages: Buffer[] = [];
  /** The messages the hub asked to compress (permessage-deflate): the snapshot's parts after part 0. */
  compressed = new Set<Buffer>();
  send(data: Buffer, options?: { compress: boolean }): void {
    this.messages.push(data);
    if (options?.compress) this.compressed.add(data);
  }
  ping(): void {}
  terminate(): void {}
}

/** Probe records in a compact update message, or probes in a spec probeData. */
function probesIn(message: Buffer): number {
  const parsed = JSON.parse(message.toString()) as { p?: unknown[]; probes?: unknown[] };
  return (parsed.p ?? parsed.probes ?? []).length;
}

function main(): void {
  const startMs = Date.now();
  const plant = new Plant({ probes, seed: 5, startMs });
  const records = new Map<string, ProbeRecord>();
  const formats: LiveFormat[] = ['spec', 'compact'];
  // Each hub on a clock the bench advances (hub-clock.testing.ts): a tick is the timer's flush and the slices it leads to.
  const hubs = formats.map(() => hubOnFakeClock({ flushIntervalMs: 100, maxBufferedBytes: Number.MAX_SAFE_INTEGER }));
  const flushMs = formats.map(() => 0);
  const feed = (nowMs: number, count: number) => {
    for (const report of plant.nextReports(count, nowMs)) {
      const evaluation = evaluateReport(records.get(report.probeID), report, defaultSystemInfo, nowMs);
      if (!evaluation) continue;
      records.set(report.probeID, evaluation.record);
      for (const { hub } of hubs) hub.publishProbe(evaluation);
    }
  };
  const flushAll = () =>
    hubs.forEach(({ clock }, i) => {
      const started = performance.now();
      clock.tick();
      flushMs[i] = flushMs[i]! + performance.now() - started;
    });

  feed(startMs, probes);
  flushAll();
  const sockets = formats.map((format, i) => {
    const socket = new CountingSocket();
    hubs[i]!.hub.addClient(socket, format);
    return socket;
  });
  flushAll();
  const snapshotParts = sockets.map((s) => s.messages.filter((m) => m.subarray(0, 8).toString() === '{"c":"s"'));
  // The server's permessage-deflate settings (live.plugin.ts), applied to the parts the hub compresses (not part 0).
  const snapshotWire = snapshotParts[1]!.reduce(
    (n, m) =>
      n + (sockets[1]!.compressed.has(m) ? deflateRawSync(m, { windowBits: 12, memLevel: 5, level: 1 }).length : m.length),
    0,
  );
  const snapshotBytes = sockets.map((s) =>
    s.messages
      .filter((m) => m.subarray(0, 8).toString() === '{"c":"s"' || m.subarray(0, 26).toString() === '{"messageType":"probeData"')
      .reduce((n, m) => n + m.length, 0),
  );
  for (const s of sockets) s.messages = [];
  flushMs.fill(0);

  // 1 Hz: a tenth of the plant reports in each 100 ms flush.
  for (let tick = 1; tick <= seconds * 10; tick += 1) {
    feed(startMs + tick * 100, probes / 10);
    flushAll();
  }
  const updates = sockets.map((s) => s.messages.reduce((n, m) => n + probesIn(m), 0));
  const bytes = sockets.map((s) => s.messages.reduce((n, m) => n + m.length, 0));
  const deflate = sockets.map((s) => {
    const started = performance.now();
    const size = s.messages.reduce((n, m) => n + deflateRawSync(m).length, 0);
    return { size, ms: performance.now() - started };
  });

  // The client's side (the live worker): the snapshot decoded first, then the updates timed, from their text.
  const decoder = new CompactDecoder();
  for (const part of snapshotParts[1]!) decoder.decode(JSON.parse(part.toString()) as CompactMessage);
  const updateTexts = sockets[1]!.messages.map((m) => m.toString());
  const decodeStarted = performance.now();
  for (const text of updateTexts) {
    const message: unknown = JSON.parse(text);
    if (isCompactMessage(message)) decoder.decode(message);
  }
  const decodeMs = performance.now() - decodeStarted;

  const perUpdate = bytes.map((b, i) => b / updates[i]!);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `bytes per probe update, compact, bench plant: ${fmt(perUpdate[1]!)}  (target ≤ 150: ${verdict(perUpdate[1]! <= 150)}); spec ${fmt(perUpdate[0]!)} → ${fmt((perUpdate[1]! / perUpdate[0]!) * 100)} % of the spec bytes`,
  );
  console.log(
    `10,000-probe snapshot, compact: ${fmt(snapshotWire / 1e6, 2)} MB on the wire  (target ≤ 1.5 MB: ${verdict(snapshotWire <= 1.5e6)}); ${fmt(snapshotBytes[1]! / 1e6, 2)} MB of JSON in ${snapshotParts[1]!.length} parts before permessage-deflate; spec ${fmt(snapshotBytes[0]! / 1e6, 2)} MB`,
  );
  formats.forEach((format, i) => {
    console.log(
      `    ${format.padEnd(7)} flush CPU ${fmt((flushMs[i]! * 1000) / updates[i]!, 2)} µs per probe update (once per flush, whatever the socket count); ` +
        `per-socket deflate would make it ${fmt(deflate[i]!.size / updates[i]!)} B/update for ${fmt((deflate[i]!.ms * 1000) / updates[i]!, 2)} µs per update per socket`,
    );
  });
  console.log(
    `    compact client decode (the live worker's JSON.parse and CompactDecoder): ${fmt((decodeMs * 1000) / updates[1]!, 2)} µs per probe update`,
  );
  console.log(`    ${fmt(updates[1]!)} probe updates over ${seconds} simulated seconds, ${probes} probes`);
}

main();
