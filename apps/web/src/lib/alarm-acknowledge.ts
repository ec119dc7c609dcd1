// Acknowledging alarms (docs/alarms.md): the mutations and the names the Alarms page, the Dashboard's marker and Probe
// Details share. The live feed brings the change to every screen and to the open list (live/alarm-store.ts, never
// refetched); the alarm queries (history, summary, a probe's) refresh.
import { systemAlarm, type Alarm } from '@bpm/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmStore } from '../live/alarm-store';
import { acknowledgeAlarm, acknowledgeAlarms } from './api-client';

/** Every alarm query key starts with this (features/alarms/api/alarm-queries.ts, dashboard/api/probe-alarm-queries.ts). */
const alarmKeyPrefix = ['alarms'] as const;

/**
 * One alarm. `then` runs once the server has answered, even if the button that asked has gone meanwhile (the live
 * feed may take it away first): the mutation's own onSuccess, not mutate()'s, which an unmounted caller misses.
 */
export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; comment?: string; then?: () => void }) => acknowledgeAlarm(input.id, input.comment),
    onSuccess: async (_alarm, input) => {
      input.then?.();
      // The open list shows the acknowledgement when its live message arrives (docs/live-feed.md (Alarms)).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: alarmKeyPrefix }),
        alarmStore.until(input.id, (alarm) => !canBeAcknowledged(alarm)),
      ]);
      // Again once the lists show it: their re-render may have dropped the focus (then() keeps focus the user
      // has taken meanwhile where it is).
      input.then?.();
    },
  });
}

export function useAcknowledgeAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; comment?: string }) => acknowledgeAlarms(input.ids, input.comment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeyPrefix }),
  });
}

/** Whose alarm it is: the probe's ID, or "BPM" for the system alarm (docs/alarms.md "System alarm"). */
export const alarmSource = (probeID: string): string => (probeID === systemAlarm.probeID ? systemAlarm.name : probeID);

/** How buttons and checkboxes name an alarm: "alarm 12 on P-1". */
export const alarmName = (alarm: Pick<Alarm, 'id' | 'probeID'>) => `alarm ${alarm.id} on ${alarmSource(alarm.probeID)}`;

/** Only what has been annunciated and is not acknowledged can be acknowledged. */
export const canBeAcknowledged = (a: Pick<Alarm, 'state'>) => a.state === 'unacknowledged' || a.state === 'returned';

/**
 * Acknowledging more alarms than this at once asks for confirmation and a comment (docs/alarms.md (Web)): a flood
 * acknowledged in one click should say why.
 */
export const acknowledgeWithoutCommentMax = 10;
