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

/** Within a lane: worst first, then by pack name, then by probe ID (so tiles do not swap between recounts). */
export function compareTiles(a: LaneMember, b: LaneMember): number {
  return (
    plantStateRank[b.state] - plantStateRank[a.state] ||
    compareKeys(naturalKey(a.pack?.name ?? ''), naturalKey(b.pack?.name ?? '')) ||
    compareKeys(naturalKey(a.probeID), naturalKey(b.probeID))
  );
}

function laneOf(member: LaneMember): { key: string; kind: LaneKind; order: number; stage: NamedRef | null } {
  if (!member.pack) return { key: 'no-pack', kind: 'noPack', order: Infinity, stage: null };
  if (!member.stage) return { key: 'no-stage', kind: 'noStage', order: Number.MAX_VALUE, stage: null };
  return { key: `stage-${member.stage.id}`, kind: 'stage', order: member.stage.id, stage: member.stage };
}

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
  const lanes = new Map<string, Building>();
  const stageLane = (stage: NamedRef) => {
    const key = `stage-${stage.id}`;
    let building = lanes.get(key);
    if (!building) {
      building = {
        lane: { key, kind: 'stage', stageID: stage.id, name: stage.name, count: 0, worst: null, shown: [], more: 0 },
        order: stage.id,
        best: [],
      };
      lanes.set(key, building);
    }
    return building;
  };
  for (const member of members) {
    if (member.stage) stageLane(member.stage);
    const place = laneOf(member);
    let building = place.stage ? stageLane(place.stage) : lanes.get(place.key);
    if (!building) {
      const name = place.kind === 'noPack' ? noPackLaneName : noStageLaneName;
      building = {
        lane: { key: place.key, kind: place.kind, stageID: null, name, count: 0, worst: null, shown: [], more: 0 },
        order: place.order,
        best: [],
      };
      lanes.set(place.key, building);
    }
    const { lane, best } = building;
    lane.count += 1;
    if (lane.worst === null || plantStateRank[member.state] > plantStateRank[lane.worst]) lane.worst = member.state;
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
  const order = (m: LaneMember) => laneOf(m).order;
  return [...members].sort((a, b) => order(a) - order(b) || compareTiles(a, b));
}

/** Every probe worst first, then by probe ID: the Floor view's List alternative. */
export function floorListOrder(members: readonly LaneMember[]): LaneMember[] {
  return [...members].sort(
    (a, b) => plantStateRank[b.state] - plantStateRank[a.state] || compareKeys(naturalKey(a.probeID), naturalKey(b.probeID)),
  );
}
