// The dashboard's marker for an unacknowledged alarm (docs/alarms.md): one of the probe's current
// events has an alarm nobody has acknowledged yet.
import type { Probe } from '@bpm/protocol';
import { Badge } from '@mantine/core';
import classes from './dashboard.module.css';

const unacknowledged = (probe: Pick<Probe, 'events'>) =>
  probe.events.filter((e) => e.alarmId !== undefined && e.acknowledged === false);

export const hasUnacknowledgedAlarm = (probe: Pick<Probe, 'events'>) => unacknowledged(probe).length > 0;

/**
 * Where the table is narrow (a tablet held landscape) the marker reads "Unack", so the event beside it keeps the room
 * for its value (docs/operator-screen.md); assistive technology hears the whole word at every width.
 */
export function UnacknowledgedMarker({ probe }: { probe: Probe }) {
  const waiting = unacknowledged(probe);
  if (waiting.length === 0) return null;
  // In the waiting alarm's own priority colour (ISA-101): red only for a Critical one, amber (dark text) otherwise.
  const critical = waiting.some((e) => e.eventType === 'Critical');
  return (
    <Badge
      color={critical ? 'red.9' : 'yellow.5'}
      autoContrast
      size="xs"
      radius="sm"
      variant="filled"
      title="An alarm of this probe waits for acknowledgement"
    >
      <span className={classes.markerWord}>Unacknowledged</span>
      <span className={classes.markerShort} aria-hidden="true">
        Unack
      </span>
    </Badge>
  );
}
