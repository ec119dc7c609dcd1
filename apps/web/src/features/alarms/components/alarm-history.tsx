// The History view (docs/alarms.md): range and filters, the summary, every alarm newest first with
// infinite scroll, and Export CSV of the same filters.
import type { Alarm } from '@bpm/protocol';
import { Button, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue, useElementSize } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { AlarmStateBadge } from '../../../components/ui/alarm-state-badge';
import { DownloadButton } from '../../../components/ui/download-button';
import { Icon } from '../../../components/ui/icon';
import { keepUnitsWithNumbers } from '../../../lib/text';
import { usePageVirtualRows } from '../../../lib/use-page-virtual-rows';
import { useStickyBelowHeader } from '../../../lib/use-sticky-below-header';
import { alarmQueries } from '../api/alarm-queries';
import { getAlarmsCsv, type HistoryFilter } from '../api/alarms-api';
import { acknowledgedByText, useAlarmCards } from '../alarm-display';
import { rangeOf } from '../history-range';
import { AlarmHistoryCards } from './alarm-history-cards';
import type { AlarmItemProps } from './alarm-row-parts';
import { AlarmSummary } from './alarm-summary';
import { AlarmTableHead, AlarmTableRow, stickyOffset, VirtualAlarmRows } from './alarm-table';
import { HistoryFilters, initialHistoryFilter, type HistoryFilterState } from './history-filters';
import { NotifiedNote } from './notified-note';

function toFilter(state: HistoryFilterState, now: number): HistoryFilter {
  const number = (value: string | number) => (value === '' ? undefined : Number(value));
  return {
    ...rangeOf(state.range, { from: state.customFrom, to: state.customTo }, now),
    probeID: state.probeID.trim() || undefined,
    packId: number(state.packId),
    stageId: number(state.stageId),
    eventType: state.eventType ?? undefined,
  };
}

export function AlarmHistory() {
  const [state, setState] = useState(initialHistoryFilter);
  const [debounced] = useDebouncedValue(state, 300);
  // The range ends now when the filters change (not on every render, or the query key would never settle).
  const filter = useMemo(() => toFilter(debounced, Date.now()), [debounced]);
  const pages = useInfiniteQuery(alarmQueries.history(filter));
  const alarms = pages.data?.pages.flat() ?? [];
  const isNarrow = useAlarmCards();
  return (
    <Stack gap="md">
      <HistoryFilters value={state} onChange={setState} />
      <AlarmSummary range={{ from: filter.from, to: filter.to }} />
      <Stack gap="xs" component="section" aria-label="Alarm history">
        <DownloadButton
          getFile={() => getAlarmsCsv(filter)}
          variant="default"
          style={{ alignSelf: 'flex-start' }}
          leftSection={<Icon name="download" size={20} />}
        >
          Export CSV
        </DownloadButton>
        {pages.isPending ? (
          <Text>Loading alarms...</Text>
        ) : pages.isError ? (
          <Text c="red">{pages.error.message}</Text>
        ) : alarms.length === 0 ? (
          <Text c="gray.7">No alarms in this range.</Text>
        ) : isNarrow ? (
          <AlarmHistoryCards alarms={alarms} />
        ) : (
          <HistoryTable alarms={alarms} />
        )}
        {pages.hasNextPage && <MoreLoader isLoading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />}
      </Stack>
    </Stack>
  );
}

/** Like the open alarms, only the rows near the screen are in the page: a week of a busy plant runs to thousands. */
function HistoryTable({ alarms }: { alarms: Alarm[] }) {
  const head = useElementSize();
  useStickyBelowHeader(head.height);
  const rows = usePageVirtualRows(alarms.length, (index) => alarms[index]!.id, 40);
  return (
    <Table
      striped
      verticalSpacing={4}
      aria-label="Alarms"
      aria-rowcount={alarms.length + 1}
      stickyHeader
      stickyHeaderOffset={stickyOffset()}
    >
      <AlarmTableHead ref={head.ref} withCleared last="Acknowledged by" />
      <VirtualAlarmRows rows={rows}>
        {rows.items.map(({ index }) => (
          <HistoryRow key={alarms[index]!.id} index={index} measureRef={rows.measureRef} alarm={alarms[index]!} />
        ))}
      </VirtualAlarmRows>
    </Table>
  );
}

const HistoryRow = memo(function HistoryRow({ index, measureRef, alarm }: AlarmItemProps) {
  return (
    <AlarmTableRow
      alarm={alarm}
      virtual={{ index, measureRef }}
      state={<AlarmStateBadge alarm={alarm} muted />}
      message={
        <>
          <Text size="sm" c={alarm.eventType === 'Critical' ? 'red.9' : 'dark.6'}>
            {keepUnitsWithNumbers(alarm.raisedMessage)}
          </Text>
          <NotifiedNote alarmId={alarm.id} />
        </>
      }
      withCleared
      last={acknowledgedByText(alarm)}
    />
  );
});

/** Loads the next page when it scrolls into view; the button does the same by hand. */
function MoreLoader({ isLoading, onLoadMore }: { isLoading: boolean; onLoadMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={sentinel}>
      <Button variant="subtle" onClick={onLoadMore} loading={isLoading}>
        Load more
      </Button>
    </div>
  );
}
