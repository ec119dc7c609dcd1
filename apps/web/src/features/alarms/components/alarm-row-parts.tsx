// Pieces shared by the open alarms' table rows and cards: their props, the items to render of the virtualised list
// (lib/use-page-virtual-rows.ts), the card list and card (the History's cards too), the state badge with the event
// type, and the row's actions.
import type { Alarm } from '@bpm/protocol';
import { Card, Flex, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlarmStateBadge } from '../../../components/ui/alarm-state-badge';
import type { PageVirtualRows } from '../../../lib/use-page-virtual-rows';
import { AcknowledgeButton } from '../../../components/ui/acknowledge-alarms';
import { PermissionButton } from '../../../components/ui/permission-button';
import classes from './alarm-table.module.css';
import { alarmName, canBeAcknowledged } from '../../../lib/alarm-acknowledge';
import { useUnshelveAlarm } from '../api/use-unshelve-alarm';

/** What the open alarms' table and cards both take: the list, the user's rights, the selection and the actions. */
export interface OpenAlarmListProps {
  alarms: Alarm[];
  canAct: boolean;
  canShelve: boolean;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onShelve: (alarm: Alarm) => void;
  /** Called as an alarm is acknowledged: what it returns moves the focus on (AcknowledgeButton). */
  onAcknowledge: (id: number) => () => void;
}

/** One row or card of a virtualised alarm list (open or History): its index among all, the ref that measures it. */
export interface AlarmItemProps {
  index: number;
  measureRef: (element: Element | null) => void;
  alarm: Alarm;
}

/** One row or card of the open list, memoised: with the user's rights, the selection and the actions. */
export interface OpenAlarmItemProps extends AlarmItemProps, Omit<OpenAlarmListProps, 'alarms' | 'selected'> {
  isSelected: boolean;
}

/** The items to render of a virtualised open-alarm list: the props of each row or card near the screen. */
export function openAlarmItems(
  { alarms, canAct, canShelve, selected, onToggle, onShelve, onAcknowledge }: OpenAlarmListProps,
  rendered: PageVirtualRows,
): OpenAlarmItemProps[] {
  return rendered.items.map(({ index }) => {
    const alarm = alarms[index]!;
    const isSelected = selected.has(alarm.id);
    return { index, measureRef: rendered.measureRef, alarm, canAct, canShelve, isSelected, onToggle, onShelve, onAcknowledge };
  });
}

/** A virtualised list of alarm cards (the open list's and the History's): only those near the screen are in the page. */
export function AlarmCardList({
  label,
  cards,
  id,
  children,
}: {
  label: string;
  cards: PageVirtualRows;
  /** The open list's, which takes the focus (tabIndex -1) when no alarm is left to acknowledge. */
  id?: string;
  children: ReactNode;
}) {
  return (
    <ul
      ref={cards.listRef}
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, padding: `${cards.spaceBefore}px 0 ${cards.spaceAfter}px` }}
    >
      {children}
    </ul>
  );
}

/** One card of such a list, measured by the list (`measureRef`) once it is on the page. */
export function AlarmCard({ index, measureRef, children }: Omit<AlarmItemProps, 'alarm'> & { children: ReactNode }) {
  return (
    // The space between cards is the item's own padding, so that it is part of the height the list measures.
    <li ref={measureRef} data-index={index} style={{ paddingBottom: 'var(--mantine-spacing-xs)' }}>
      <Card withBorder padding="xs">
        <Stack gap={4}>{children}</Stack>
      </Card>
    </li>
  );
}

export { alarmName } from '../../../lib/alarm-acknowledge';

export const suppressedText = 'Suppressed by the probe assignment';

/**
 * Under the message of an alarm the probe's assignment suppresses (live/stores/alarm-store.ts isSuppressedByAssignment); in
 * the table, `inline` after it (alarm-table.module.css `.note`), so that the row stays one line.
 */
export const SuppressedNote = ({ inline = false }: { inline?: boolean }) => (
  <Text span={inline} size="xs" c="gray.7" className={inline ? classes.note : undefined}>
    {suppressedText}
  </Text>
);

/**
 * The state badge and the event type: one under the other in the table, so the State column is one badge wide and
 * every column fits a tablet held landscape without a sideways scroll; side by side on a card.
 */
export function AlarmStateBadges({
  alarm,
  stacked = false,
  muted = false,
}: {
  alarm: Alarm;
  /** One under the other: always, or `narrow`, below 75em only (the open table, one line a row where it has room). */
  stacked?: boolean | 'narrow';
  /** The History's records: the badge light (AlarmStateBadge's `muted`). */
  muted?: boolean;
}) {
  return (
    <Flex
      direction={stacked === 'narrow' ? { base: 'column', lg: 'row' } : stacked ? 'column' : 'row'}
      gap={stacked === 'narrow' ? { base: 2, lg: 6 } : stacked ? 2 : 6}
      align={stacked === 'narrow' ? { base: 'flex-start', lg: 'center' } : stacked ? 'flex-start' : 'center'}
    >
      <AlarmStateBadge alarm={alarm} muted={muted} />
      <Text span size="sm" fw={600} c={alarm.eventType === 'Critical' ? 'red.9' : 'dark.6'}>
        {alarm.eventType}
      </Text>
    </Flex>
  );
}

export function AlarmActions({
  alarm,
  canAct,
  canShelve,
  onShelve,
  onAcknowledge,
}: {
  alarm: Alarm;
  /** Alarms WRITE: acknowledge. */
  canAct: boolean;
  /** Alarms UPDATE: shelve and unshelve. */
  canShelve: boolean;
  onShelve: () => void;
  /** AcknowledgeButton's: the list moves the focus on once the alarm is acknowledged. */
  onAcknowledge?: (id: number) => () => void;
}) {
  const unshelve = useUnshelveAlarm();
  const name = alarmName(alarm);
  return (
    <Group gap={4} wrap="nowrap">
      {canBeAcknowledged(alarm) && <AcknowledgeButton alarm={alarm} canAct={canAct} onAcknowledge={onAcknowledge} />}
      {alarm.state === 'shelved' ? (
        <PermissionButton
          size="compact-sm"
          variant="default"
          isAllowed={canShelve}
          loading={unshelve.isPending}
          aria-label={`Unshelve ${name}`}
          onClick={() => unshelve.mutate(alarm.id)}
        >
          Unshelve
        </PermissionButton>
      ) : (
        alarm.clearedAt === null && (
          <PermissionButton
            size="compact-sm"
            variant="default"
            isAllowed={canShelve}
            aria-label={`Shelve ${name}`}
            onClick={onShelve}
          >
            Shelve
          </PermissionButton>
        )
      )}
    </Group>
  );
}
