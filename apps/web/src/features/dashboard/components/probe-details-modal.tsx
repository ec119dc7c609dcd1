// Probe Details modal (docs/screens.md (Probe Details modal)): every field with its format, live while open; plus the temperature
// history, and the probe's open alarms to acknowledge. Opened from "+N more" it starts at Current Events, which takes
// the focus; from the "Unacknowledged" marker at Open alarms.
import type { NamedRef } from '@bpm/protocol';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { memo, useRef, type ReactNode } from 'react';
import { eventsForDisplay, type ClientEvent } from '../../../live/stores/probe-events';
import { canData, isProbeConnected, thermocoupleData, type TemperatureData } from '../../../live/stores/readings';
import { useProbe, useWatchdog } from '../../../live/hooks/use-probe';
import { batteryPercentText, formatTemperature, yesNo } from '../probe-display';
import { TemperatureHistorySection } from './temperature-history-section';
import { ProbeAlarmHistory } from './probe-alarm-history';
import { ProbeOpenAlarms } from './probe-open-alarms';
import { useKeptInView } from '../use-kept-in-view';
import { useMountedLater } from '../../../lib/use-mounted-later';
import { formatWatchdogExpiry } from '../../../lib/date-format';

/** Where Probe Details opens: at its top (the ⋮ menu), at Current Events ("+N more"), or at Open alarms (the "Unacknowledged" marker). */
export type DetailsOpenAt = 'top' | 'currentEvents' | 'openAlarms';

export interface ProbeDetailsModalProps {
  probeID: string | null;
  openAt: DetailsOpenAt;
  canDelete: boolean;
  /** Alarms WRITE (docs/alarms.md (Permission)): the open alarms' Acknowledge. */
  canAcknowledge: boolean;
  onClose: () => void;
  onDelete: (probeID: string) => void;
}

/**
 * Memoised: while closed (nearly always) it skips the Dashboard's re-renders for a new row order; the Mantine Modal
 * re-rendered its transition and scroll-lock hooks each time (docs/decisions/dashboard.md#counts-re-render-only-their-number).
 * Open, the details follow their probe through their own subscriptions.
 */
export const ProbeDetailsModal = memo(function ProbeDetailsModal({
  probeID,
  openAt,
  canDelete,
  canAcknowledge,
  onClose,
  onDelete,
}: ProbeDetailsModalProps) {
  // Mounted after the Dashboard's first commit: a closed modal still mounts its portal
  // (docs/decisions/dashboard.md#no-update-in-a-mounting-commit).
  if (!useMountedLater()) return null;
  return (
    // The Dashboard gives focus back to what opened the details (dashboard-page.tsx). Mantine's own return, 10 ms
    // after closing, went to the element focused when the modal opened: the body, once the menu item that opened
    // it had gone, so it took the focus off the ⋮ button whenever it ran after the page's return.
    <Modal opened={probeID !== null} onClose={onClose} returnFocus={false} title="Probe Details" size="lg" centered>
      {probeID !== null && (
        <ProbeDetails
          probeID={probeID}
          openAt={openAt}
          canDelete={canDelete}
          canAcknowledge={canAcknowledge}
          onClose={onClose}
          onDelete={onDelete}
        />
      )}
    </Modal>
  );
});

function ProbeDetails({
  probeID,
  openAt,
  canDelete,
  canAcknowledge,
  onClose,
  onDelete,
}: Omit<ProbeDetailsModalProps, 'probeID'> & { probeID: string }) {
  const entry = useProbe(probeID);
  const watchdog = useWatchdog(probeID);
  if (!entry || !watchdog) return <Text>This probe has been deleted.</Text>;
  const { probe } = entry;
  const events = eventsForDisplay(entry.lists);
  const deleteButton = (
    <Button color="red" disabled={!canDelete} onClick={() => onDelete(probeID)}>
      Delete
    </Button>
  );
  return (
    <Stack gap="sm">
      <Section title="Basic Information">
        <Field label="ID" value={probe.probeID} />
        <Field label="Firmware Version" value={probe.firmwareVersion} />
      </Section>
      <Section title="Status">
        <Field label="State" value={probe.state.stateString} />
        <Field label="Connected" value={yesNo(isProbeConnected(probe))} />
        <Field label="Monitoring" value={yesNo(probe.isMonitoring)} />
        <Field label="Expecting CAN Data" value={yesNo(probe.expectingCANData)} />
        <Field
          label="Battery"
          value={`${batteryPercentText(probe.batteryPercentage)} ${probe.batteryCharging ? '(Charging)' : '(Not Charging)'}`}
        />
      </Section>
      <Section title="Assignment">
        <Field label="Build Stage" value={namedRef(probe.assignment.buildStage)} />
        <Field label="Agv" value={namedRef(probe.assignment.agv)} />
        <Field label="Battery Pack" value={namedRef(probe.assignment.batteryPack)} />
      </Section>
      <Section title="Temperature Readings">
        <Field label="Internal" value={reading(canData(probe))} />
        <Field label="External" value={reading(thermocoupleData(probe))} />
      </Section>
      <TemperatureHistorySection probeID={probeID} />
      <Section title="Watchdog Status">
        <Field label="Timeout (seconds)" value={String(watchdog.timeoutSeconds)} />
        <Field label="Time Remaining (seconds)" value={String(Math.round(watchdog.timeRemaining))} />
        <Field label="Expiry Time" value={formatWatchdogExpiry(probe.watchdogExpiry)} />
        <Field label="Alerted" value={yesNo(watchdog.alerted)} />
      </Section>
      <Title order={3} size="h5">
        Events
      </Title>
      <EventList
        title="Current Events"
        events={events.filter((e) => !e.suppressed)}
        empty="No current events."
        openedHere={openAt === 'currentEvents'}
      />
      <EventList title="Suppressed Events" events={events.filter((e) => e.suppressed)} empty="No suppressed events." />
      <ProbeOpenAlarms probeID={probeID} canAct={canAcknowledge} openedHere={openAt === 'openAlarms'} />
      <ProbeAlarmHistory probeID={probeID} />
      <Divider />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {canDelete ? (
          deleteButton
        ) : (
          <Tooltip label="You do not have permission to perform this action">
            {/* A disabled button gets no pointer events; the wrapper carries the tooltip. */}
            <span tabIndex={0}>{deleteButton}</span>
          </Tooltip>
        )}
      </Group>
    </Stack>
  );
}

const namedRef = (ref: NamedRef | null): string => (ref ? `${ref.id} ${ref.name}` : 'None');

function reading(data: TemperatureData): string {
  if (data.temperature === null) return 'N/A (Invalid)';
  return `${formatTemperature(data.temperature)}${data.valid ? '' : ' (Invalid)'}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h5" mb={4}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2}>
        {children}
      </SimpleGrid>
    </section>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

function EventList({
  title,
  events,
  empty,
  openedHere = false,
}: {
  title: string;
  events: ClientEvent[];
  empty: string;
  /** The details were opened to show this list: it is scrolled into view and takes the focus (the modal's data-autofocus). */
  openedHere?: boolean;
}) {
  const section = useRef<HTMLElement>(null);
  useKeptInView(section, openedHere);
  return (
    <section ref={section} aria-label={title} {...(openedHere && { tabIndex: -1, 'data-autofocus': true })}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {events.map((e) => (
            <li key={e.event}>
              <Text size="sm">
                {e.eventType}: {e.eventString} (Persistent: {yesNo(e.eventPersistent)})
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
