// The engine's full output state (cluster-node.ts): every probe as the live feed shows it, the thresholds, and
// the open alarms as the engine's own hub holds them (restored at the engine's start, then kept by what it published).
import { toProbe } from '../engine/probe-state.js';
import type { LiveHub } from '../modules/live/hub.js';
import type { ProbeService } from '../modules/probes/probes.service.js';
import type { EngineState } from './cluster-node.js';

export function engineState(probes: ProbeService, hub: Pick<LiveHub, 'openAlarms'>): EngineState {
  return {
    systemInfo: probes.systemInfo,
    probes: [...probes.registry.allRecords()].map((record) => toProbe(record)),
    alarms: hub.openAlarms(),
  };
}
