// Probe Details' "Open alarms" (docs/alarms.md (Web)): the probe's open alarms, live, each to acknowledge where it is
// seen. The Dashboard's "Unacknowledged" marker opens the details here, the first Acknowledge taking the focus.
import { Group, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { AcknowledgeButton, focusOnAfterAcknowledge } from '../../../components/ui/acknowledge-alarms';
import { AlarmStateBadge } from '../../../components/ui/alarm-state-badge';
import { canBeAcknowledged } from '../../../lib/alarm-acknowledge';
import { keepUnitsWithNumbers } from '../../../lib/text';
import { useProbeOpenAlarms } from '../../../live/hooks/use-alarms';
import { useKeptInView } from '../use-kept-in-view';

/** `canAct`: Alarms WRITE (docs/alarms.md (Permission)); without it the button says why it is disabled. */
export function ProbeOpenAlarms({ probeID, canAct, openedHere }: { probeID: string; canAct: boolean; openedHere: boolean }) {
  const alarms = useProbeOpenAlarms(probeID);
  const section = useRef<HTMLElement>(null);
  useKeptInView(section, openedHere);
  const first = alarms.find(canBeAcknowledged);
  return (
    <section
      ref={section}
      aria-label="Open alarms"
      // Focusable, for when the last alarm to acknowledge is acknowledged. Opened from the marker, the first alarm to
      // acknowledge takes the focus (the modal's data-autofocus), or the list when there is none.
      tabIndex={-1}
      {...(openedHere && !(first && canAct) && { 'data-autofocus': true })}
    >
      <Title order={3} size="h5" mb={4}>
        Open alarms
      </Title>
      {alarms.length === 0 ? (
        <Text size="sm" c="gray.7">
          No open alarms.
        </Text>
      ) : (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {alarms.map((alarm) => (
            <li key={alarm.id}>
              <Group gap={6} wrap="wrap" py={2}>
                <AlarmStateBadge alarm={alarm} />
                <Text size="sm">
                  {alarm.eventType}: {keepUnitsWithNumbers(alarm.lastMessage)}
                </Text>
                {canBeAcknowledged(alarm) && (
                  <AcknowledgeButton
                    alarm={alarm}
                    canAct={canAct}
                    autoFocus={openedHere && canAct && alarm === first}
                    onAcknowledge={(id) => focusOnAfterAcknowledge(alarms, id, () => section.current)}
                  />
                )}
              </Group>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
