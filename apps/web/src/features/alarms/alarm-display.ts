// How alarms read on screen (docs/alarms.md): the open list's order, when to show cards, peaks, places and who
// acknowledged.
import type { Alarm } from '@bpm/protocol';
import { useMediaQuery } from '@mantine/hooks';
import { keepUnitsWithNumbers } from '../../lib/text';

export { compareOpenAlarms } from '../../live/hooks/use-alarms';

/**
 * Whether the alarms are cards: at 60em and below, as both tables need 892–932 px with the page's padding, so a tablet
 * held upright would otherwise reach the actions, the times and the place only by a sideways scroll. Read at the first
 * render, so a phone does not render the table once before its cards.
 */
export const useAlarmCards = (): boolean => useMediaQuery('(max-width: 60em)', false, { getInitialValueInEffect: false });

export { alarmSource, canBeAcknowledged } from '../../lib/alarm-acknowledge';

export function formatPeak(alarm: Pick<Alarm, 'event' | 'peak'>): string {
  if (alarm.peak === null) return '';
  return keepUnitsWithNumbers(alarm.event >= 20 ? `${alarm.peak.toFixed(1)} %` : `${alarm.peak.toFixed(1)} °C`);
}

/** A card's " · peak 61.3 °C" after the place, "peak" kept with its value; nothing without a peak. */
export const peakAfterPlace = (alarm: Pick<Alarm, 'event' | 'peak'>): string =>
  alarm.peak === null ? '' : ` · peak\u00a0${formatPeak(alarm)}`;

export function placeOf(alarm: Pick<Alarm, 'assignment'>): string {
  const a = alarm.assignment;
  if (!a) return 'Unassigned';
  return [a.buildStage?.name, a.batteryPack?.name].filter(Boolean).join(' · ') || 'Unassigned';
}

/** Who acknowledged the alarm, with their comment: "admin: checked the pack"; '' while nobody has. */
export function acknowledgedByText(alarm: Pick<Alarm, 'acknowledgedBy' | 'ackComment'>): string {
  if (!alarm.acknowledgedBy) return '';
  return alarm.ackComment ? `${alarm.acknowledgedBy.username}: ${alarm.ackComment}` : alarm.acknowledgedBy.username;
}
