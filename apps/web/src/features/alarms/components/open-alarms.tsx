// Open alarms, live (docs/alarms.md): unacknowledged first, then Critical, then newest; Acknowledge,
// Acknowledge selected, Shelve and Unshelve for those allowed. Those the probe's assignment has suppressed from the
// start are hidden until asked for, then listed last.
import type { Alarm } from '@bpm/protocol';
import { Anchor, Checkbox, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { focusOnAfterAcknowledge, useAcknowledgeSelection } from '../../../components/ui/acknowledge-alarms';
import { PermissionButton } from '../../../components/ui/permission-button';
import { paths } from '../../../config/paths';
import { isNeverAnnunciated, isSuppressedByAssignment } from '../../../live/stores/alarm-store';
import { useAlarmsLoaded, useOpenAlarms } from '../../../live/hooks/use-alarms';
import { formatDateTime } from '../../../lib/date-format';
import { keepUnitsWithNumbers } from '../../../lib/text';
import { usePageVirtualRows } from '../../../lib/use-page-virtual-rows';
import { useStickyBelowHeader } from '../../../lib/use-sticky-below-header';
import { canBeAcknowledged, compareOpenAlarms, useAlarmCards } from '../alarm-display';
import {
  AlarmActions,
  AlarmStateBadges,
  alarmName,
  openAlarmItems,
  SuppressedNote,
  suppressedText,
  type OpenAlarmItemProps,
  type OpenAlarmListProps,
} from './alarm-row-parts';
import { AlarmTableHead, AlarmTableRow, stickyOffset, VirtualAlarmRows } from './alarm-table';
import { NotifiedNote } from './notified-note';
import { OpenAlarmCards } from './open-alarm-cards';
import { OpenAlarmFilters, useOpenAlarmFilter } from './open-alarm-filters';
import { openAlarmListId } from './open-alarm-list-id';
import classes from './alarm-table.module.css';
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
  const filter = useOpenAlarmFilter();
  const { test } = filter;
  const alarms = useMemo(() => (test ? all.filter(test) : all), [all, test]);
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
  const acknowledgeMany = useAcknowledgeSelection();
  const selectable = listed.filter(canBeAcknowledged);
  const chosen = selectable.filter((a) => selected.has(a.id)).map((a) => a.id);
  const isNarrow = useAlarmCards();
  // The table's header sticks under this bar, which itself sticks under the top bar; keyboard focus stays clear of both.
  const bar = useElementSize();
  const tableHead = useElementSize<HTMLTableSectionElement>();
  useStickyBelowHeader(bar.height + (isNarrow ? 0 : tableHead.height));
  // The order at the click: acknowledging moves the focus on to the next alarm (components/ui/acknowledge-alarms.tsx).
  const listedNow = useRef(listed);
  useEffect(() => {
    listedNow.current = listed;
  }, [listed]);
  const onAcknowledge = useCallback(
    (id: number) => focusOnAfterAcknowledge(listedNow.current, id, () => document.getElementById(openAlarmListId)),
    [],
  );

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
  const words = filter.words ?? 'open';
  // In the bar where the table is (one line at 1400 px); above it, not sticking, where a phone would wrap them.
  const filters = <OpenAlarmFilters alarms={all} filter={filter} />;
  return (
    <Stack gap="sm">
      {isNarrow && filters}
      {/* Stays under the top bar: with a long list, rows chosen far down are acknowledged without scrolling back. */}
      <Group ref={bar.ref} justify="space-between" align="flex-end" wrap="wrap" style={stickyBar}>
        <Group gap="md" align="flex-end">
          {!isNarrow && filters}
          <Group gap="md" mih={30}>
            {isNarrow && listed.length > 0 && selectAll('Select all')}
            <Text size="sm" c="gray.7">
              {waitingCount === 0 ? `No ${words} alarms.` : `${waitingCount} ${words} ${waitingCount === 1 ? 'alarm' : 'alarms'}`}
            </Text>
            {filter.isFiltered && (
              <Anchor component={Link} to={paths.alarms} size="sm">
                Show all open alarms
              </Anchor>
            )}
          </Group>
        </Group>
        <PermissionButton
          isAllowed={canAct}
          disabled={chosen.length === 0}
          loading={acknowledgeMany.isPending}
          onClick={() => acknowledgeMany.acknowledge(chosen, () => setSelected(new Set()))}
        >
          Acknowledge selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
        </PermissionButton>
      </Group>
      {acknowledgeMany.modal}
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
          onAcknowledge={onAcknowledge}
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
          onAcknowledge={onAcknowledge}
        />
      )}
      <ShelveAlarmModal alarm={shelving} onClose={() => setShelving(null)} />
    </Stack>
  );
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
  const rows = usePageVirtualRows(alarms.length, (index) => alarms[index]!.id, 36);
  return (
    <Table
      id={openAlarmListId}
      tabIndex={-1}
      className={classes.oneLine}
      striped
      highlightOnHover
      verticalSpacing={4}
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
  const { index, measureRef, alarm, canAct, canShelve, isSelected, onToggle, onShelve, onAcknowledge } = props;
  const shelvedText =
    alarm.state === 'shelved' && alarm.shelvedUntil
      ? `Shelved until ${formatDateTime(alarm.shelvedUntil)}: ${alarm.shelveReason}`
      : '';
  const message = keepUnitsWithNumbers(alarm.lastMessage);
  const suppressed = isSuppressedByAssignment(alarm);
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
      state={<AlarmStateBadges alarm={alarm} stacked="narrow" />}
      // One line from 75em (alarm-table.module.css): the notes follow the message on it, cut with "…" if they must be,
      // the whole text in the title.
      message={
        <Text
          size="sm"
          className={classes.message}
          title={[message, suppressed && suppressedText, shelvedText].filter(Boolean).join(' · ')}
        >
          {message}
          {suppressed && <SuppressedNote inline />}
          {shelvedText && (
            <Text span size="xs" c="gray.7" className={classes.note}>
              {shelvedText}
            </Text>
          )}
          <NotifiedNote alarmId={alarm.id} inline />
        </Text>
      }
      last={
        <AlarmActions
          alarm={alarm}
          canAct={canAct}
          canShelve={canShelve}
          onShelve={() => onShelve(alarm)}
          onAcknowledge={onAcknowledge}
        />
      }
    />
  );
});
