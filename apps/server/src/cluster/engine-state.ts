// The engine's full output state (cluster-node.ts): every probe as the live feed shows it, and the thresholds.
import { toProbe } from '../engine/probe-state.js';
import type { ProbeService } from '../modules/probes/probes.service.js';
import type { EngineState } from './cluster-node.js';

export function engineState(probes: ProbeService): EngineState {
  return {
    systemInfo: probes.systemInfo,
    probes: [...probes.registry.allRecords()].map((record) => toProbe(record)),
  };
}
