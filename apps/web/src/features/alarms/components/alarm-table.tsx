// The alarm tables' header and rows, shared by the open alarms and the History (docs/alarms.md): the
// probe, when it was raised, where and the peak stand in the same columns in both; each table brings its
// own state, message and last cell, the open alarms a selection checkbox before them, the History a
// Cleared column after Raised.
import type { Alarm } from '@bpm/protocol';
import { Table } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { dateTimeParts } from '../../../lib/date-format';
import type { PageVirtualRows } from '../../../lib/use-page-virtual-rows';
import { alarmSource, formatPeak, placeOf } from '../alarm-display';
import classes from './alarm-table.module.css';

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * Where the tables' sticky header stands: under the top bar, and under whatever else sticks above the table (px). The
 * tables are shown only where they fit the screen (`useAlarmCards`), with no scroll container of their own, so the
 * header stays in view down a long list.
 */
export const stickyOffset = (aboveTable = 0) => `calc(var(--app-shell-header-offset, 0px) + ${aboveTable}px)`;

export interface AlarmTableHeadProps {
  /** The first header cell's content when the table selects rows (the open alarms' select-all checkbox). */
  select?: ReactNode;
  withCleared?: boolean;
  /** The last column's name. */
  last: 'Actions' | 'Acknowledged by';
  /** Measures the header, which sticks (its height keeps keyboard focus clear of it: lib/use-sticky-below-header.ts). */
  ref?: Ref<HTMLTableSectionElement>;
}

export function AlarmTableHead({ select, withCleared = false, last, ref }: AlarmTableHeadProps) {
  return (
    <Table.Thead ref={ref}>
      <Table.Tr>
        {select !== undefined && <Table.Th w={40}>{select}</Table.Th>}
        <Table.Th>State</Table.Th>
        <Table.Th>Probe</Table.Th>
        <Table.Th>Alarm</Table.Th>
        <Table.Th>Raised</Table.Th>
        {withCleared && <Table.Th>Cleared</Table.Th>}
        <Table.Th>Where</Table.Th>
        <Table.Th>Peak</Table.Th>
        <Table.Th>{last}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

/** A time that, in a narrow table, wraps between its day and its time and nowhere else (alarm-table.module.css). */
function EventTime({ value }: { value: string }) {
  const { day, time } = dateTimeParts(value);
  return (
    <>
      <span>{day}</span> <span>{time}</span>
    </>
  );
}

/**
 * A virtualised table's body (lib/use-page-virtual-rows.ts): the rows near the screen between two spacers that keep
 * the page's full height. The stripes count rows (nth-of-type), so an empty row keeps each alarm's stripe as the
 * window moves.
 */
export function VirtualAlarmRows({ rows, children }: { rows: PageVirtualRows; children: ReactNode }) {
  return (
    <Table.Tbody ref={rows.listRef}>
      {rows.spaceBefore > 0 && <tr aria-hidden="true" style={{ height: rows.spaceBefore }} />}
      {rows.items[0] && rows.items[0].index % 2 === 0 && rows.spaceBefore > 0 && <tr aria-hidden="true" />}
      {children}
      {rows.spaceAfter > 0 && <tr aria-hidden="true" style={{ height: rows.spaceAfter }} />}
    </Table.Tbody>
  );
}

export interface AlarmTableRowProps {
  alarm: Alarm;
  /** The first cell's content when the table selects rows (the open alarms' checkbox). */
  select?: ReactNode;
  state: ReactNode;
  message: ReactNode;
  /** A Cleared cell after Raised: the time, or "Active" (the History). */
  withCleared?: boolean;
  /** The last cell: the open alarms' actions, the History's "Acknowledged by". */
  last: ReactNode;
  /** In a virtualised table: the row's index among all rows, and the ref that measures it. */
  virtual?: { index: number; measureRef: (element: Element | null) => void };
}

export function AlarmTableRow({ alarm, select, state, message, withCleared = false, last, virtual }: AlarmTableRowProps) {
  return (
    <Table.Tr
      ref={virtual?.measureRef}
      data-index={virtual?.index}
      // The header is row 1 (aria-rowcount on the table counts every alarm, rendered or not).
      aria-rowindex={virtual ? virtual.index + 2 : undefined}
    >
      {select !== undefined && <Table.Td>{select}</Table.Td>}
      <Table.Td style={nowrap}>{state}</Table.Td>
      <Table.Td style={nowrap}>{alarmSource(alarm.probeID)}</Table.Td>
      <Table.Td className={classes.messageCell}>{message}</Table.Td>
      <Table.Td className={classes.eventTime}>
        <EventTime value={alarm.raisedAt} />
      </Table.Td>
      {withCleared && (
        <Table.Td className={classes.eventTime}>{alarm.clearedAt ? <EventTime value={alarm.clearedAt} /> : 'Active'}</Table.Td>
      )}
      <Table.Td>{placeOf(alarm)}</Table.Td>
      <Table.Td style={nowrap}>{formatPeak(alarm)}</Table.Td>
      <Table.Td>{last}</Table.Td>
    </Table.Tr>
  );
}
