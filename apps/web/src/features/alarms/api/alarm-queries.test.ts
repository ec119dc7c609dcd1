// The open alarms' load and the acknowledgement of a selection, against a stubbed API: a backlog longer than one
// page of GET /alarms, and a selection longer than one POST /alarms/acknowledge takes (docs/alarms.md).
import { alarmLimits } from '@bpm/protocol';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alarmStore } from '../../../live/alarm-store';
import { json, stubFetch } from '../../../testing/fetch-routes';
import { alarmFixture } from '../../../testing/fixtures';
import { alarmQueries } from './alarm-queries';
import { acknowledgeAlarms } from './alarms-api';

afterEach(() => vi.unstubAllGlobals());

describe('the open alarms', () => {
  it('are loaded page after page when the backlog is longer than one page', async () => {
    const openIds = Array.from({ length: alarmLimits.pageMax + 3 }, (_, i) => 5_000 - i); // newest first, as the API
    const pages: string[] = [];
    stubFetch({
      'GET /alarms': (_init, url) => {
        pages.push(url.searchParams.get('before') ?? 'first');
        const before = Number(url.searchParams.get('before') ?? Infinity);
        const limit = Number(url.searchParams.get('limit'));
        return json(
          openIds
            .filter((id) => id < before)
            .slice(0, limit)
            .map((id) => alarmFixture(id)),
        );
      },
    });
    await new QueryClient().fetchQuery(alarmQueries.open(1));
    expect(alarmStore.getOpen()).toHaveLength(openIds.length);
    expect(alarmStore.getUnacknowledgedCount()).toBe(openIds.length);
    expect(pages).toEqual(['first', String(openIds[alarmLimits.pageMax - 1])]);
  });
});

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
