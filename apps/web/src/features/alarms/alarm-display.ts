// How alarms read on screen (docs/alarms.md): the open list's order, when to show cards, peaks, places and who
// acknowledged.
import { systemAlarm, type Alarm, type AlarmState } from '@bpm/protocol';
import { useMediaQuery } from '@mantine/hooks';
import { keepUnitsWithNumbers } from '../../lib/text';
import { isNeverAnnunciated } from '../../live/alarm-store';

const stateRank: Record<AlarmState, number> = { unacknowledged: 0, returned: 1, acknowledged: 2, shelved: 3, closed: 4 };
const openRank = (a: Alarm) => (isNeverAnnunciated(a) ? 5 : stateRank[a.state]);

/** Unacknowledged first, then Critical first, then newest; those never annunciated (suppressed from the start) after all others. */
export function compareOpenAlarms(a: Alarm, b: Alarm): number {
  return (
    openRank(a) - openRank(b) ||
    Number(b.eventType === 'Critical') - Number(a.eventType === 'Critical') ||
    b.raisedAt.localeCompare(a.raisedAt) ||
    b.id - a.id
  );
}

/**
 * Whether the alarms are cards: at 60em and below, as both tables need 892–932 px with the page's padding, so a tablet
 * held upright would otherwise reach the actions, the times and the place only by a sideways scroll. Read at the first
 * render, so a phone does not render the table once before its cards.
 */
export const useAlarmCards = (): boolean => useMediaQuery('(max-width: 60em)', false, { getInitialValueInEffect: false });

/** Whose alarm it is: the probe's ID, or "BPM" for the system alarm (docs/alarms.md "System alarm"). */
export const alarmSource = (probeID: string): string => (probeID === systemAlarm.probeID ? systemAlarm.name : probeID);

/** Only what has been annunciated and is not acknowledged can be acknowledged. */
export const canBeAcknowledged = (a: Alarm) => a.state === 'unacknowledged' || a.state === 'returned';

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

export const noPermission = 'You do not have permission to perform this action';
