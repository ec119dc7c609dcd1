// When a whole gateway stops, every probe's watchdog falls due at once: event 0 is raised on each, a chunk
// at a time with the event loop given back in between (docs/security.md "Probe data bounds"), and a probe
// that reports while its turn has not come yet is left alone.
import type { SystemInfo } from '@bpm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedProbe } from '../../engine/evaluation.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { ProbeService } from './probes.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('watchdog expiry at scale', () => {
  it('raises event 0 on 3,000 due probes across several turns, skipping one that reported meanwhile', async () => {
    let now = Date.parse('2026-01-01T08:00:00Z');
    let turn = 0;
    const published: Array<{ update: PublishedProbe; turn: number }> = [];
    const service = new ProbeService({
      db: t.app.db,
      log: t.app.log,
      clock: () => now,
      maxProbes: 10_000,
      publisher: {
        publishProbe: (update) => void published.push({ update, turn }),
        publishDeletion: () => undefined,
        publishSystemConfig: (_: SystemInfo) => undefined,
      },
    });
    await service.start();
    try {
      const ids = Array.from({ length: 3000 }, (_, i) => `W-${i}`);
      service.ingestReports(ids.map((probeID) => ({ probeID, readings: [], batteryPercentage: 80 })));
      published.length = 0;
      now += 3_600_000;

      let ticking = true;
      const tick = () => {
        turn += 1;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      const expiring = service.expireWatchdogs();
      // The last probe reports before its chunk's turn: its expiry moves on, so it is not raised.
      service.ingestReports([{ probeID: 'W-2999', readings: [], batteryPercentage: 80 }]);
      const raised = await expiring;
      ticking = false;

      expect(raised).toBe(2999);
      const watchdogs = published.filter((p) => p.update.probe.events.some((e) => e.event === 0));
      expect(watchdogs).toHaveLength(2999);
      expect(new Set(watchdogs.map((p) => p.update.probeID)).has('W-2999')).toBe(false);
      expect(watchdogs.at(-1)!.turn - watchdogs[0]!.turn).toBeGreaterThanOrEqual(2);
      expect(service.registry.get('W-2999')!.active.some((e) => e.event === 0)).toBe(false);
      expect(service.registry.get('W-0')!.active.some((e) => e.event === 0)).toBe(true);
    } finally {
      await service.stop();
    }
  });
});
