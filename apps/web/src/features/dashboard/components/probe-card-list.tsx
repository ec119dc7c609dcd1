// Below 992 px the probes are cards instead of table rows (docs/operator-screen.md "Tablet and phone"): ID,
// state, the unacknowledged marker, first event, stage and pack, temperatures, connection, assignment, watchdog, battery and
// the ⋮ menu, in the table's order, virtualised like the table so 10,000 probes stay light.
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { eventsForDisplay } from '../../../live/stores/probe-events';
import { canData, thermocoupleData } from '../../../live/stores/readings';
import { useSystemInfo } from '../../../live/hooks/use-live';
import { useProbe } from '../../../live/hooks/use-probe';
import {
  AssignmentCell,
  BatteryCell,
  ConnectionCell,
  MoreEvents,
  NameCell,
  StateCell,
  suppressedTooltip,
  TemperatureCell,
} from './probe-cells';
import { ProbeMenu, type ProbeRowProps } from './probe-row';
import { severityClass } from './severity';
import { UnacknowledgedMarker } from './unacknowledged-marker';
import { WatchdogRing } from './watchdog-ring';
import classes from './dashboard.module.css';
import { pointerHoldEvents } from '../use-pointer-hold';

const cardHeightPx = 146;
const cardGapPx = 8;
/** From this width (a tablet held upright) the cards stand in two columns: twice the probes in view. */
const twoColumnsFromPx = 720;

export interface ProbeCardListProps extends Pick<ProbeRowProps, 'canDelete' | 'onDetails' | 'onDelete' | 'onMenuChange'> {
  order: readonly string[];
  onPointerOver: (over: boolean) => void;
  stale: boolean;
  emptyText: string;
  /** The list's id; the page focuses the list by it (tabIndex -1) when the probe whose details were open is gone. */
  listId: string;
}

export function ProbeCardList(props: ProbeCardListProps) {
  const columns = useMediaQuery(`(min-width: ${twoColumnsFromPx}px)`, false, { getInitialValueInEffect: false }) ? 2 : 1;
  // A new list when the columns change: the virtualiser measures its rows afresh.
  return <CardColumns key={columns} columns={columns} {...props} />;
}

function CardColumns({
  order,
  onPointerOver,
  stale,
  emptyText,
  listId,
  columns,
  ...actions
}: ProbeCardListProps & { columns: number }) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    lanes: columns,
    count: order.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => cardHeightPx + cardGapPx,
    overscan: 4,
    initialRect: { width: 400, height: 800 },
  });
  return (
    <div ref={scroller} className={classes.cardList} {...pointerHoldEvents(onPointerOver)}>
      {order.length === 0 && <div className={classes.empty}>{emptyText}</div>}
      <div
        id={listId}
        tabIndex={-1}
        role="list"
        aria-label="Probes"
        className={stale ? classes.stale : undefined}
        style={{ position: 'relative', height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => (
          <ProbeCard
            key={order[item.index]!}
            probeID={order[item.index]!}
            offset={item.start}
            column={columns > 1 ? item.lane : null}
            {...actions}
          />
        ))}
      </div>
    </div>
  );
}

/** A card's sides in two columns, half the width each less half the gap; null: the whole width. */
const columnSides = (column: number | null) =>
  column === null
    ? undefined
    : column === 0
      ? { right: `calc(50% + ${cardGapPx / 2}px)` }
      : { left: `calc(50% + ${cardGapPx / 2}px)` };

const ProbeCard = memo(function ProbeCard({
  probeID,
  offset,
  column,
  ...actions
}: { probeID: string; offset: number; column: number | null } & Pick<
  ProbeRowProps,
  'canDelete' | 'onDetails' | 'onDelete' | 'onMenuChange'
>) {
  const entry = useProbe(probeID);
  const systemInfo = useSystemInfo();
  if (!entry) return null;
  const { probe } = entry;
  const events = eventsForDisplay(entry.lists);
  const first = events[0];
  return (
    <div
      role="listitem"
      aria-label={`${probe.probeID}, ${probe.state.stateString}`}
      className={`${classes.card} ${severityClass(probe.state.stateString)}`}
      style={{ transform: `translateY(${offset}px)`, height: cardHeightPx, ...columnSides(column) }}
    >
      <div className={classes.cardLine}>
        <StateCell stateString={probe.state.stateString} />
        <span className={classes.cardID}>{probe.probeID}</span>
        {/* As on the table's rows: on a tablet an alarm nobody has acknowledged must not look like one that is handled. */}
        <UnacknowledgedMarker probe={probe} />
        <ProbeMenu probeID={probeID} {...actions} />
      </div>
      <div className={classes.cardLine}>
        <div
          className={`${classes.cardEvent} ${first?.suppressed ? classes.suppressed : ''}`}
          title={first ? (first.suppressed ? suppressedTooltip : first.eventString) : undefined}
        >
          {first ? first.eventString : 'No events'}
        </div>
        {/* The card has room for the first event: the others are behind "+N more", never hidden without a sign. */}
        {events.length > 1 && (
          <MoreEvents count={events.length - 1} probeID={probeID} onMore={(button) => actions.onDetails(probeID, button)} />
        )}
      </div>
      <div className={classes.cardLine}>
        <span className={classes.cardLabel}>Stage</span>
        <NameCell named={probe.assignment.buildStage} />
        <span className={classes.cardLabel}>· Pack</span>
        <NameCell named={probe.assignment.batteryPack} />
      </div>
      <div className={classes.cardLine}>
        <span>Ext</span>
        <TemperatureCell current={thermocoupleData(probe)} lastValid={entry.lastValidExternal} name="External" />
        <span>· Int</span>
        <TemperatureCell current={canData(probe)} lastValid={entry.lastValidInternal} name="Internal" />
      </div>
      <div className={classes.cardLine}>
        <ConnectionCell entry={entry} />
        <AssignmentCell isMonitoring={probe.isMonitoring} />
        <WatchdogRing probeID={probeID} />
        <BatteryCell percentage={probe.batteryPercentage} isCharging={probe.batteryCharging} systemInfo={systemInfo} />
      </div>
    </div>
  );
});
