// The Plant page's Line view as data (docs/screens.md (Plant)): a lane per build stage seen in the feed, ordered by
// stage id, then the probes carrying a pack but at no stage, then those carrying none; within a lane worst first, then
// by pack name; a lane with more tiles than fit keeps its worst and counts the rest ("+N more"). Pure: no store, no React.
import type { NamedRef } from '@bpm/protocol';

/** What a tile or a dot shows (docs/decisions/plant.md#plant-states): a silent probe is Disconnected, whatever it said last. */
export type PlantState = 'Critical' | 'Disconnected' | 'Warning' | 'Normal';

/** Worst first: Critical, then a probe gone silent (its state is no longer known), then Warning, then Normal. */
export const plantStateRank: Readonly<Record<PlantState, number>> = { Critical: 3, Disconnected: 2, Warning: 1, Normal: 0 };

/** A probe's state on the Plant page: its watchdog alerted (no report for its timeout) wins over its last state. */
export function plantStateOf(stateString: string, isWatchdogAlerted: boolean): PlantState {
  if (isWatchdogAlerted) return 'Disconnected';
  if (stateString === 'Critical' || stateString === 'Warning') return stateString;
  return 'Normal';
}

export interface LaneMember {
  probeID: string;
  state: PlantState;
  stage: NamedRef | null;
  pack: NamedRef | null;
  /** The tile order's key, worked out once (laneMember): state, then pack name, then probe ID. */
  rank: number;
  key: string;
}

export type LaneKind = 'stage' | 'noStage' | 'noPack';

export interface Lane {
  /** Stable across recounts: `stage-{id}`, `no-stage` or `no-pack`. */
  key: string;
  kind: LaneKind;
  /** The build stage's id (a stage lane), for "+N more" (`/dashboard?stage={id}`). */
  stageID: number | null;
  name: string;
  /** Tiles in the lane (shown or not): packs carried, or, in the last lane, probes. */
  count: number;
  worst: PlantState | null;
  /** The probes whose tiles are shown, in order. */
  shown: string[];
  /** Tiles not shown: "+N more". */
  more: number;
}

export const noStageLaneName = 'No build stage';
export const noPackLaneName = 'Not carrying a pack';

/**
 * Natural, case-insensitive order for names ("Pack 9" before "Pack 10"): digit runs zero-padded once per name and
 * cached, so sorting thousands of tiles compares plain strings (as the Probes table's IDs, packages/protocol probe-order.ts).
 */
const naturalKeys = new Map<string, string>();
export function naturalKey(name: string): string {
  let key = naturalKeys.get(name);
  if (key === undefined) {
    key = name.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(16, '0'));
    if (naturalKeys.size > 50_000) naturalKeys.clear();
    naturalKeys.set(name, key);
  }
  return key;
}

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each probe's order key and the pack name it was made for: rebuilt only when the probe changes pack. */
const memberKeys = new Map<string, { packName: string; key: string }>();

/**
 * A lane member with its order worked out once: a recount compares 10,000 of them, and the key string is kept per
 * probe between recounts instead of built anew each time (less garbage at four recounts a second).
 */
export function laneMember(probeID: string, state: PlantState, stage: NamedRef | null, pack: NamedRef | null): LaneMember {
  const packName = pack?.name ?? '';
  let cached = memberKeys.get(probeID);
  if (cached?.packName !== packName) {
    cached = { packName, key: `${naturalKey(packName)}\u0000${naturalKey(probeID)}` };
    if (memberKeys.size > 50_000) memberKeys.clear();
    memberKeys.set(probeID, cached);
  }
  return { probeID, state, stage, pack, rank: plantStateRank[state], key: cached.key };
}

/** Within a lane: worst first, then by pack name, then by probe ID (so tiles do not swap between recounts). */
export function compareTiles(a: LaneMember, b: LaneMember): number {
  return b.rank - a.rank || compareKeys(a.key, b.key);
}

/** Lanes by a number: the stage's id, or one of these two (stage ids are positive). */
const noStageLane = -1;
const noPackLane = -2;
const laneNumberOf = (member: LaneMember) => (!member.pack ? noPackLane : member.stage ? member.stage.id : noStageLane);
/** Stage lanes by id, then the lane of packs at no stage, then the probes carrying none. */
const laneOrderOf = (laneNumber: number) =>
  laneNumber === noPackLane ? Number.MAX_VALUE : laneNumber === noStageLane ? Number.MAX_SAFE_INTEGER : laneNumber;

/**
 * Tiles shown in a lane of `count` tiles with room for `capacity`: all when they fit; otherwise the last place
 * goes to "+N more", so `capacity - 1` tiles and N = count - (capacity - 1).
 */
export function tilesShown(count: number, capacity: number): { shown: number; more: number } {
  if (count <= capacity) return { shown: count, more: 0 };
  const shown = Math.max(0, capacity - 1);
  return { shown, more: count - shown };
}

interface Building {
  lane: Lane;
  order: number;
  /** The best `capacity` members so far, in tile order (a bounded insertion: 10,000 probes are never all sorted). */
  best: LaneMember[];
}

/**
 * Lanes from every probe: stages that no probe carrying a pack is at still get their (empty) lane, since the stage was
 * seen in the feed. `capacity` is the tiles a lane has room for, "+N more" included.
 */
export function buildLanes(members: Iterable<LaneMember>, capacity: number): Lane[] {
  const lanes = new Map<number, Building>();
  const laneFor = (laneNumber: number, stage: NamedRef | null) => {
    let building = lanes.get(laneNumber);
    if (!building) {
      const kind: LaneKind = laneNumber === noPackLane ? 'noPack' : laneNumber === noStageLane ? 'noStage' : 'stage';
      const key = kind === 'stage' ? `stage-${laneNumber}` : kind === 'noPack' ? 'no-pack' : 'no-stage';
      const name = kind === 'stage' ? stage!.name : kind === 'noPack' ? noPackLaneName : noStageLaneName;
      building = {
        lane: { key, kind, stageID: kind === 'stage' ? laneNumber : null, name, count: 0, worst: null, shown: [], more: 0 },
        order: laneOrderOf(laneNumber),
        best: [],
      };
      lanes.set(laneNumber, building);
    }
    return building;
  };
  for (const member of members) {
    // A stage seen with a probe carrying no pack still gets its lane.
    if (member.stage && !member.pack) laneFor(member.stage.id, member.stage);
    const { lane, best } = laneFor(laneNumberOf(member), member.stage);
    lane.count += 1;
    if (lane.worst === null || member.rank > plantStateRank[lane.worst]) lane.worst = member.state;
    insertBounded(best, member, capacity);
  }
  return [...lanes.values()]
    .sort((a, b) => a.order - b.order)
    .map(({ lane, best }) => {
      const { shown, more } = tilesShown(lane.count, capacity);
      return { ...lane, shown: best.slice(0, shown).map((m) => m.probeID), more };
    });
}

function insertBounded(best: LaneMember[], member: LaneMember, capacity: number): void {
  if (capacity <= 0) return;
  if (best.length === capacity && compareTiles(member, best[capacity - 1]!) >= 0) return;
  let i = best.length;
  while (i > 0 && compareTiles(member, best[i - 1]!) < 0) i -= 1;
  best.splice(i, 0, member);
  if (best.length > capacity) best.pop();
}

/** Every probe in the Line view's order (lane by lane, worst first within each), for its List alternative. */
export function lineListOrder(members: readonly LaneMember[]): LaneMember[] {
  const order = (m: LaneMember) => laneOrderOf(laneNumberOf(m));
  return [...members].sort((a, b) => order(a) - order(b) || compareTiles(a, b));
}

/** Every probe worst first, then by probe ID: the Floor view's List alternative. */
export function floorListOrder(members: readonly LaneMember[]): LaneMember[] {
  return [...members].sort((a, b) => b.rank - a.rank || compareKeys(naturalKey(a.probeID), naturalKey(b.probeID)));
}

/** The lane with the worst state, the first in line order among equals; none when every lane is Normal. */
export function worstLaneOf(lanes: readonly Lane[]): Lane | null {
  let worst: Lane | null = null;
  for (const lane of lanes) {
    if (!lane.worst || lane.worst === 'Normal') continue;
    if (!worst || plantStateRank[lane.worst] > plantStateRank[worst.worst!]) worst = lane;
  }
  return worst;
}
