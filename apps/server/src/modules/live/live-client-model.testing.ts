// A live feed client for the hub's tests: what a spec or a compact client ends with, read from a fake
// socket the way live-session.ts reads the feed (docs/live-feed.md, docs/live-feed-compact.md).
import { CompactDecoder, isCompactMessage, type LiveMessage, type Probe } from '@bpm/protocol';
import type { PublishedProbe } from '../../engine/evaluation.js';
import { FakeSocket } from './fake-socket.testing.js';
import type { LiveHub } from './hub.js';
import type { LiveFormat } from './live-clients.js';

/** What a client ends with: each probe's last state, read the way live-session.ts reads the feed. */
export class ClientModel {
  readonly socket = new FakeSocket();
  readonly probes = new Map<string, Probe>();
  private readonly decoder = new CompactDecoder();
  private awaitingSnapshot = true;
  private read = 0;

  constructor(readonly format: LiveFormat) {}

  receive(): void {
    for (; this.read < this.socket.sent.length; this.read += 1) {
      const message = JSON.parse(this.socket.sent[this.read]!.toString()) as unknown;
      if (isCompactMessage(message)) {
        const { probes, snapshotIDs } = this.decoder.decode(message);
        if (snapshotIDs) this.replace(snapshotIDs);
        for (const probe of probes) this.probes.set(probe.probeID, probe);
        continue;
      }
      const live = message as LiveMessage;
      if (live.messageType === 'probeDeletion') {
        this.decoder.forget(live.probes.map((p) => p.probeID));
        for (const { probeID } of live.probes) this.probes.delete(probeID);
      } else if (live.messageType === 'probeData') {
        if (this.awaitingSnapshot) this.replace(live.probes.map((p) => p.probeID));
        this.awaitingSnapshot = false;
        for (const probe of live.probes) this.probes.set(probe.probeID, probe);
      }
    }
  }

  private replace(keep: string[]): void {
    const kept = new Set(keep);
    for (const id of [...this.probes.keys()]) if (!kept.has(id)) this.probes.delete(id);
  }
}

export const published = (probe: Probe): PublishedProbe => ({
  probeID: probe.probeID,
  probe,
  hasTransient: probe.events.some((e) => !e.eventPersistent) || probe.suppressedEvents.some((e) => !e.eventPersistent),
});

export const baseProbe = (id: string, overrides: Partial<Probe> = {}): Probe => ({
  probeID: id,
  firmwareVersion: '2.4.1',
  state: { state: 1, stateString: 'Normal' },
  watchdogExpiry: '2026-11-23T10:00:10.000Z',
  isMonitoring: true,
  expectingCANData: true,
  assignment: {
    buildStage: { id: 3, name: 'Busbar welding' },
    agv: { id: 12, name: 'AGV-12' },
    batteryPack: { id: 2291, name: 'Pack 2291' },
  },
  report: {
    timestamp: '2026-11-23T10:00:00.000Z',
    readings: [
      { origin: 'CAN', temperature: 36.12, valid: true },
      { origin: 'Thermocouple', temperature: 35.01, valid: true },
    ],
  },
  batteryPercentage: 83.5,
  batteryCharging: false,
  longitude: 11.571234,
  latitude: 48.137123,
  events: [],
  suppressedEvents: [],
  ...overrides,
});

export function connect(hub: LiveHub, format: LiveFormat): ClientModel {
  const client = new ClientModel(format);
  hub.addClient(client.socket, format);
  return client;
}
