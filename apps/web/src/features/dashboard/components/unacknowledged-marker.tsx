// The dashboard's marker for an unacknowledged alarm (docs/alarms.md): one of the probe's current
// events has an alarm nobody has acknowledged yet. In the table's rows a button: it opens Probe Details at the probe's
// open alarms, to acknowledge them there.
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
export function UnacknowledgedMarker({ probe, onOpen }: { probe: Probe; onOpen?: (button: HTMLElement) => void }) {
  const waiting = unacknowledged(probe);
  if (waiting.length === 0) return null;
  // In the waiting alarm's own priority colour (ISA-101): red only for a Critical one, amber (dark text) otherwise.
  const critical = waiting.some((e) => e.eventType === 'Critical');
  const colours = {
    color: critical ? 'red.9' : 'yellow.5',
    autoContrast: true,
    size: 'xs',
    radius: 'sm',
    variant: 'filled',
  } as const;
  // The cards' marker stays a label: a 16 px badge beside the ⋮ is too small a target for a finger (WCAG 2.5.8), and
  // the ⋮ menu's Probe Details has the open alarms.
  if (!onOpen)
    return (
      <Badge {...colours} title="An alarm of this probe waits for acknowledgement">
        Unacknowledged
      </Badge>
    );
  return (
    <Badge
      {...colours}
      component="button"
      type="button"
      className={classes.marker}
      onClick={(event) => onOpen(event.currentTarget)}
      title="An alarm of this probe waits for acknowledgement: acknowledge it in Probe Details"
    >
      <span className={classes.markerWord}>Unacknowledged</span>
      <span className={classes.markerShort} aria-hidden="true">
        Unack
      </span>
      {/* The name goes on from the word in the content, not an aria-label: where "Unack" is shown, a label would not
          contain the visible text (WCAG 2.5.3). */}
      <span className={classes.visuallyHidden}>
        {' '}
        {waiting.length === 1 ? 'alarm' : 'alarms'} of {probe.probeID}: acknowledge
      </span>
    </Badge>
  );
}
