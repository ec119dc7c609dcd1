// The acknowledgement of a selection, against a stubbed API: a selection longer than one POST /alarms/acknowledge
// takes (docs/alarms.md).
import { alarmLimits } from '@bpm/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/fetch-routes';
import { acknowledgeAlarms } from './alarms-api';

afterEach(() => vi.unstubAllGlobals());

describe('acknowledgeAlarms', () => {
  it('sends a long selection in requests the server accepts and adds up their answers', async () => {
    const sent: number[][] = [];
    stubFetch({
      'POST /alarms/acknowledge': (init) => {
        const { ids } = JSON.parse(String(init!.body)) as { ids: number[] };
        sent.push(ids);
        return json({ acknowledged: ids.length });
      },
    });
    const selection = Array.from({ length: 2 * alarmLimits.idsMax + 500 }, (_, i) => i + 1);
    await expect(acknowledgeAlarms(selection)).resolves.toEqual({ acknowledged: selection.length });
    expect(sent.map((ids) => ids.length)).toEqual([alarmLimits.idsMax, alarmLimits.idsMax, 500]);
    expect(sent.flat()).toEqual(selection);
  });
});
