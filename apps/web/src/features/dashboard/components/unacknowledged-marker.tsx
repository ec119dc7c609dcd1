// The dashboard row's marker for an unacknowledged alarm (docs/alarms.md): one of the probe's current
// events has an alarm nobody has acknowledged yet.
import type { Probe } from '@bpm/protocol';
import { Badge } from '@mantine/core';

export const hasUnacknowledgedAlarm = (probe: Pick<Probe, 'events'>) =>
  probe.events.some((e) => e.alarmId !== undefined && e.acknowledged === false);

export function UnacknowledgedMarker({ probe }: { probe: Probe }) {
  if (!hasUnacknowledgedAlarm(probe)) return null;
  return (
    <Badge color="red" size="xs" radius="sm" variant="filled" title="An alarm of this probe waits for acknowledgement">
      Unacknowledged
    </Badge>
  );
}
