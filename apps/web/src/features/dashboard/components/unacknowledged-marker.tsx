// The dashboard's marker for an unacknowledged alarm (docs/alarms.md): one of the probe's current
// events has an alarm nobody has acknowledged yet.
import type { Probe } from '@bpm/protocol';
import { Badge } from '@mantine/core';
import classes from './dashboard.module.css';

export const hasUnacknowledgedAlarm = (probe: Pick<Probe, 'events'>) =>
  probe.events.some((e) => e.alarmId !== undefined && e.acknowledged === false);

/**
 * Where the table is narrow (a tablet held landscape) the marker reads "Unack", so the event beside it keeps the room
 * for its value (docs/operator-screen.md); assistive technology hears the whole word at every width.
 */
export function UnacknowledgedMarker({ probe }: { probe: Probe }) {
  if (!hasUnacknowledgedAlarm(probe)) return null;
  return (
    <Badge color="red" size="xs" radius="sm" variant="filled" title="An alarm of this probe waits for acknowledgement">
      <span className={classes.markerWord}>Unacknowledged</span>
      <span className={classes.markerShort} aria-hidden="true">
        Unack
      </span>
    </Badge>
  );
}
