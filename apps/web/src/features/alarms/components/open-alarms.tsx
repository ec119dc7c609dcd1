// Open alarms, live (docs/alarms.md): unacknowledged first, then Critical, then newest; Acknowledge,
// Acknowledge selected, Shelve and Unshelve for those allowed. Those the probe's assignment has suppressed from the
// start are hidden until asked for, then listed last.
import type { Alarm } from '@bpm/protocol';
import { Anchor, Checkbox, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { memo, useCallback, useMemo, useState, type ReactNode, type Ref } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { isActiveUnacknowledged, isNeverAnnunciated, isReturned, isSuppressedByAssignment } from '../../../live/alarm-store';
import { useAlarmsLoaded, useOpenAlarms } from '../../../live/use-alarms';
import { formatDateTime } from '../../../lib/date-format';
import { keepUnitsWithNumbers } from '../../../lib/text';
import { usePageVirtualRows } from '../../../lib/use-page-virtual-rows';
import { useStickyBelowHeader } from '../../../lib/use-sticky-below-header';
import { canBeAcknowledged, compareOpenAlarms, useAlarmCards } from '../alarm-display';
import { useAcknowledgeAlarms } from '../api/use-acknowledge-alarms';
import {
  AlarmActions,
  AlarmStateBadges,
  alarmName,
  openAlarmItems,
  SuppressedNote,
  type OpenAlarmItemProps,
  type OpenAlarmListProps,
} from './alarm-row-parts';
import { AlarmTableHead, AlarmTableRow, stickyOffset, VirtualAlarmRows } from './alarm-table';
import { NotifiedNote } from './notified-note';
import { OpenAlarmCards } from './open-alarm-cards';
import { PermissionButton } from './permission-button';
import { ShelveAlarmModal } from './shelve-alarm-modal';

const stickyBar = {
  position: 'sticky',
  top: 'var(--app-shell-header-offset, 0px)',
  zIndex: 3,
  background: 'var(--mantine-color-body)',
  paddingBlock: 'var(--mantine-spacing-xs)',
} as const;

export function OpenAlarms({ canAct, canShelve }: { canAct: boolean; canShelve: boolean }) {
  const all = useOpenAlarms();
  const isLoaded = useAlarmsLoaded();
  const filter = useStateFilter();
  const alarms = useMemo(() => (filter ? all.filter(filter.test) : all), [all, filter]);
  const sorted = useMemo(() => [...alarms].sort(compareOpenAlarms), [alarms]);
  // The assignment suppresses an alarm from the start where it is expected (a probe between packs misses its CAN
  // data): dozens at a time in a plant, nobody shown them, none anyone's task. Listed among the others they buried
  // the ones that are. One shown before the assignment suppressed it stays listed: it still waits for someone.
  // compareOpenAlarms puts them last, so they are the tail of `sorted` from the first one on.
  const [showSuppressed, setShowSuppressed] = useState(false);
  const firstSuppressed = sorted.findIndex(isNeverAnnunciated);
  const waitingCount = firstSuppressed < 0 ? sorted.length : firstSuppressed;
  const suppressedCount = sorted.length - waitingCount;
  const listed = useMemo(() => (showSuppressed ? sorted : sorted.slice(0, waitingCount)), [sorted, showSuppressed, waitingCount]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [shelving, setShelving] = useState<Alarm | null>(null);
  const acknowledgeMany = useAcknowledgeAlarms();
  const selectable = listed.filter(canBeAcknowledged);
  const chosen = selectable.filter((a) => selected.has(a.id)).map((a) => a.id);
  const isNarrow = useAlarmCards();
  // The table's header sticks under this bar, which itself sticks under the top bar; keyboard focus stays clear of both.
  const bar = useElementSize();
  const tableHead = useElementSize<HTMLTableSectionElement>();
  useStickyBelowHeader(bar.height + (isNarrow ? 0 : tableHead.height));

  // Stable, so that the rows (memoised) re-render only when their own alarm or selection changes.
  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  /** In the table's header cell (no visible label), or with the cards in the bar above them ("Select all"). */
  const selectAll = (label?: string) => (
    <Checkbox
      label={label}
      aria-label="Select all alarms that can be acknowledged"
      checked={selectable.length > 0 && chosen.length === selectable.length}
      indeterminate={chosen.length > 0 && chosen.length < selectable.length}
      disabled={!canAct || selectable.length === 0}
      onChange={() => setSelected(chosen.length === selectable.length ? new Set() : new Set(selectable.map((a) => a.id)))}
    />
  );

  if (!isLoaded) return <Text>Loading alarms...</Text>;
  return (
    <Stack gap="sm">
      {/* Stays under the top bar: with a long list, rows chosen far down are acknowledged without scrolling back. */}
      <Group ref={bar.ref} justify="space-between" wrap="wrap" style={stickyBar}>
        <Group gap="md">
          {isNarrow && listed.length > 0 && selectAll('Select all')}
          <Text size="sm" c="gray.7">
            {waitingCount === 0
              ? `No ${filter?.words ?? 'open'} alarms.`
              : `${waitingCount} ${filter?.words ?? 'open'} ${waitingCount === 1 ? 'alarm' : 'alarms'}`}
          </Text>
          {filter && (
            <Anchor component={Link} to={paths.alarms} size="sm">
              Show all open alarms
            </Anchor>
          )}
        </Group>
        <PermissionButton
          isAllowed={canAct}
          disabled={chosen.length === 0}
          loading={acknowledgeMany.isPending}
          onClick={() => acknowledgeMany.mutate({ ids: chosen }, { onSuccess: () => setSelected(new Set()) })}
        >
          Acknowledge selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
        </PermissionButton>
      </Group>
      {/* Out of the sticky bar: a choice made once, which would only take a phone's height there. */}
      {suppressedCount > 0 && (
        <Switch
          size="sm"
          label={`Show ${suppressedCount} suppressed by the probe assignment`}
          checked={showSuppressed}
          onChange={(event) => setShowSuppressed(event.currentTarget.checked)}
        />
      )}
      {listed.length > 0 && isNarrow && (
        <OpenAlarmCards
          alarms={listed}
          canAct={canAct}
          canShelve={canShelve}
          selected={selected}
          onToggle={toggle}
          onShelve={setShelving}
        />
      )}
      {listed.length > 0 && !isNarrow && (
        <OpenAlarmTable
          alarms={listed}
          canAct={canAct}
          canShelve={canShelve}
          selected={selected}
          headerOffset={bar.height}
          headRef={tableHead.ref}
          selectAll={selectAll()}
          onToggle={toggle}
          onShelve={setShelving}
        />
      )}
      <ShelveAlarmModal alarm={shelving} onClose={() => setShelving(null)} />
    </Stack>
  );
}

/** `?state=unacknowledged` or `?state=returned` (the top bar's links): only the alarms awaiting acknowledgement of that kind. */
const stateFilters = {
  unacknowledged: { words: 'active unacknowledged', test: isActiveUnacknowledged },
  returned: { words: 'returned unacknowledged', test: isReturned },
} as const;

function useStateFilter() {
  const [params] = useSearchParams();
  const state = params.get('state');
  return state === 'unacknowledged' || state === 'returned' ? stateFilters[state] : undefined;
}

interface OpenAlarmTableProps extends OpenAlarmListProps {
  selectAll: ReactNode;
  /** The height of what sticks between the top bar and the table (px). */
  headerOffset: number;
  headRef: Ref<HTMLTableSectionElement>;
}

/** Only the rows near the screen are rendered: a backlog of hundreds re-rendered at every live change froze the page. */
function OpenAlarmTable(props: OpenAlarmTableProps) {
  const { alarms, selectAll, headerOffset, headRef } = props;
  const rows = usePageVirtualRows(alarms.length, (index) => alarms[index]!.id, 58);
  return (
    <Table
      striped
      highlightOnHover
      verticalSpacing={6}
      aria-rowcount={alarms.length + 1}
      stickyHeader
      stickyHeaderOffset={stickyOffset(headerOffset)}
    >
      <AlarmTableHead ref={headRef} select={selectAll} last="Actions" />
      <VirtualAlarmRows rows={rows}>
        {openAlarmItems(props, rows).map((item) => (
          <OpenAlarmRow key={item.alarm.id} {...item} />
        ))}
      </VirtualAlarmRows>
    </Table>
  );
}

/** Memoised: a live change re-renders the row of the alarm it changed, not every row on screen. */
const OpenAlarmRow = memo(function OpenAlarmRow(props: OpenAlarmItemProps) {
  const { index, measureRef, alarm, canAct, canShelve, isSelected, onToggle, onShelve } = props;
  return (
    <AlarmTableRow
      alarm={alarm}
      virtual={{ index, measureRef }}
      select={
        <Checkbox
          aria-label={`Select ${alarmName(alarm)}`}
          checked={isSelected}
          disabled={!canAct || !canBeAcknowledged(alarm)}
          onChange={() => onToggle(alarm.id)}
        />
      }
      state={
        <>
          <AlarmStateBadges alarm={alarm} stacked />
          {alarm.state === 'shelved' && alarm.shelvedUntil && (
            <Text size="xs" c="gray.7">
              until {formatDateTime(alarm.shelvedUntil)}: {alarm.shelveReason}
            </Text>
          )}
        </>
      }
      message={
        <>
          <Text size="sm">{keepUnitsWithNumbers(alarm.lastMessage)}</Text>
          {isSuppressedByAssignment(alarm) && <SuppressedNote />}
          <NotifiedNote alarmId={alarm.id} />
        </>
      }
      last={<AlarmActions alarm={alarm} canAct={canAct} canShelve={canShelve} onShelve={() => onShelve(alarm)} />}
    />
  );
});
