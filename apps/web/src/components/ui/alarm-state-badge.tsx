// An alarm's state as a badge (docs/alarms.md), the same on the Alarms page and in Probe Details' alarm history.
import type { Alarm, AlarmState } from '@bpm/protocol';
import { Badge } from '@mantine/core';
import { isNeverAnnunciated } from '../../live/stores/alarm-store';

const stateLooks: Record<AlarmState, { label: string; colour: string }> = {
  unacknowledged: { label: 'Unacknowledged', colour: 'red' },
  returned: { label: 'Returned', colour: 'orange' },
  acknowledged: { label: 'Acknowledged', colour: 'blue' },
  shelved: { label: 'Shelved', colour: 'gray' },
  closed: { label: 'Closed', colour: 'green' },
};
const suppressedLook = { label: 'Suppressed', colour: 'gray' };

/**
 * An alarm's state as a badge; `muted` (the History's records) shows every state light, the open list fills
 * Unacknowledged red. Never cut to "Unacknowled…": Mantine's label clips with an ellipsis, which lets a table column
 * shrink below the word; unclipped, the column is always as wide as the badge.
 */
export function AlarmStateBadge({
  alarm,
  muted = false,
}: {
  alarm: Pick<Alarm, 'state' | 'annunciated' | 'clearedAt'>;
  muted?: boolean;
}) {
  // Unacknowledged but never shown (suppressed from the start): nobody need act on it, so it does not read as waiting.
  const suppressed = alarm.state === 'unacknowledged' && isNeverAnnunciated(alarm);
  const look = suppressed ? suppressedLook : stateLooks[alarm.state];
  const filled = !muted && !suppressed && alarm.state === 'unacknowledged';
  return (
    <Badge
      color={filled ? 'red.9' : look.colour}
      variant={filled ? 'filled' : 'light'}
      c={filled ? undefined : 'dark.7'}
      radius="sm"
      tt="none"
      style={{ overflow: 'visible', flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {look.label}
    </Badge>
  );
}
