// The Line view's lanes (docs/screens.md (Plant)): grouping by stage in stage-id order, the two last lanes, worst first
// then by pack name, and "+N more" when a lane has more tiles than room.
import { describe, expect, it } from 'vitest';
import {
  buildLanes,
  floorListOrder,
  laneMember,
  lineListOrder,
  plantStateOf,
  tilesShown,
  type LaneMember,
  worstLaneOf,
  type PlantState,
} from './plant-lanes';

const welding = { id: 3, name: 'Busbar welding' };
const sealing = { id: 7, name: 'Pack sealing' };
const stacking = { id: 1, name: 'Cell stacking' };
const member = (probeID: string, stage: typeof welding | null, pack: string | null, state: PlantState = 'Normal'): LaneMember =>
  laneMember(probeID, state, stage, pack === null ? null : { id: Number(pack.replace(/\D/g, '')), name: pack });

describe('plant lanes', () => {
  it('makes a lane per stage seen, by stage id, then packs at no stage, then probes carrying no pack', () => {
    const lanes = buildLanes(
      [
        member('p1', sealing, 'Pack 1'),
        member('p2', null, null),
        member('p3', welding, 'Pack 3', 'Warning'),
        member('p4', null, 'Pack 4'),
        // Seen at a stage without a pack: the stage still gets its (empty) lane; the probe goes to the last lane.
        member('p5', stacking, null, 'Critical'),
      ],
      10,
    );
    expect(lanes.map((l) => [l.name, l.count, l.worst, l.shown])).toEqual([
      ['Cell stacking', 0, null, []],
      ['Busbar welding', 1, 'Warning', ['p3']],
      ['Pack sealing', 1, 'Normal', ['p1']],
      ['No build stage', 1, 'Normal', ['p4']],
      ['Not carrying a pack', 2, 'Critical', ['p5', 'p2']],
    ]);
    expect(lanes.map((l) => l.stageID)).toEqual([1, 3, 7, null, null]);
  });

  it('orders a lane worst first, then by pack name in natural order, and keeps the worst when it overflows', () => {
    const members = [
      member('a', welding, 'Pack 10'),
      member('b', welding, 'Pack 9'),
      member('c', welding, 'Pack 2', 'Warning'),
      member('d', welding, 'Pack 30', 'Critical'),
      member('e', welding, 'Pack 1', 'Disconnected'),
      member('f', welding, 'Pack 5'),
    ];
    expect(buildLanes(members, 10)[0]!.shown).toEqual(['d', 'e', 'c', 'f', 'b', 'a']);
    const [lane] = buildLanes(members, 4);
    expect(lane).toMatchObject({ count: 6, worst: 'Critical', shown: ['d', 'e', 'c'], more: 3 });
  });

  it('fills the last place with "+N more" only when the tiles do not fit', () => {
    expect(tilesShown(10, 10)).toEqual({ shown: 10, more: 0 });
    expect(tilesShown(11, 10)).toEqual({ shown: 9, more: 2 });
    expect(tilesShown(0, 6)).toEqual({ shown: 0, more: 0 });
  });

  it('counts a silent probe Disconnected whatever its last state, and Disabled as Normal', () => {
    expect(plantStateOf('Critical', true)).toBe('Disconnected');
    expect(plantStateOf('Warning', false)).toBe('Warning');
    expect(plantStateOf('Disabled', false)).toBe('Normal');
  });

  it('lists every probe in the Line order, or worst first for the Floor', () => {
    const members = [member('p-10', sealing, 'Pack 1'), member('p-9', welding, 'Pack 2'), member('p-2', null, null, 'Critical')];
    expect(lineListOrder(members).map((m) => m.probeID)).toEqual(['p-9', 'p-10', 'p-2']);
    expect(floorListOrder(members).map((m) => m.probeID)).toEqual(['p-2', 'p-9', 'p-10']);
  });

  it("names a phone's worst lane: the worst state, the first in line order among equals, none when all are Normal", () => {
    const lanes = buildLanes(
      [
        member('p1', stacking, 'Pack 1', 'Warning'),
        member('p2', welding, 'Pack 2', 'Critical'),
        member('p3', sealing, 'Pack 3', 'Critical'),
      ],
      8,
    );
    expect(worstLaneOf(lanes)?.name).toBe('Busbar welding');
    expect(worstLaneOf(buildLanes([member('p1', stacking, 'Pack 1')], 8))).toBeNull();
  });
});
