import { describe, expect, it } from 'vitest';
import { countStages } from './stage-summary';

const probe = (stateString: string, stage: { id: number; name: string } | null) => ({
  probe: { state: { stateString }, assignment: { buildStage: stage } },
});
const sealing = { id: 7, name: 'Pack sealing' };
const welding = { id: 3, name: 'Busbar welding' };
const stacking = { id: 5, name: 'Cell stacking' };

describe('countStages', () => {
  it('counts Critical and Warning probes per stage, worst first, and leaves unassigned probes out', () => {
    const stages = countStages([
      probe('Warning', welding),
      probe('Warning', welding),
      probe('Critical', sealing),
      probe('Normal', stacking),
      probe('Critical', null),
      probe('Warning', sealing),
    ]);
    expect(stages).toEqual([
      { id: 7, name: 'Pack sealing', critical: 1, warning: 1 },
      { id: 3, name: 'Busbar welding', critical: 0, warning: 2 },
      { id: 5, name: 'Cell stacking', critical: 0, warning: 0 },
    ]);
  });
});
