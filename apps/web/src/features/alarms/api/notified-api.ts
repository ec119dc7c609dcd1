// Which notification steps have been sent for each alarm (docs/notifications.md "Delivery log"), for the
// "Notified: …" line of the Alarms page's rows: ONE request for the latest sent messages, read again every few
// seconds, not one per row. A grouped message names its first 20 alarms only; those after it show no line.
import { notificationLimits, type Alarm, type Delivery } from '@bpm/protocol';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { formatHourMinute } from '../../../lib/date-format';

const notifiedPollMs = 10_000;

export const getSentDeliveries = () => apiRequest<Delivery[]>(`/notifications?status=sent&limit=${notificationLimits.pageMax}`);

/** alarm id → "Shift lead e-mail 03:12, Plant manager 03:27", the oldest message first. */
export function notifiedByAlarm(deliveries: readonly Delivery[]): Map<number, string> {
  const parts = new Map<number, string[]>();
  const sent = deliveries.filter((d) => d.kind === 'alarm' && d.sentAt).reverse();
  for (const d of sent) {
    const part = `${d.channelName ?? `Channel ${d.channelId}`} ${formatHourMinute(d.sentAt!)}`;
    for (const id of d.alarmIds) parts.set(id, [...(parts.get(id) ?? []), part]);
  }
  return new Map([...parts].map(([id, list]) => [id, list.join(', ')]));
}

export const notifiedQueries = {
  byAlarm: () =>
    queryOptions({
      queryKey: ['notifications', 'notified'],
      queryFn: async () => notifiedByAlarm(await getSentDeliveries()),
      refetchInterval: notifiedPollMs,
      // A Map: nothing to share structurally; each row selects its own string.
      structuralSharing: false,
    }),
};

export const getAlarm = (id: number) => apiRequest<Alarm>(`/alarms/${id}`);
export const getAlarmDeliveries = (alarmId: number) => apiRequest<Delivery[]>(`/notifications?alarmId=${alarmId}`);
