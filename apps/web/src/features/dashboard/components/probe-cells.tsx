// The Probes table's cell contents (docs/screens.md (Probes table), docs/probe-data.md (How the client shows a probe)), light enough for 60 rows at 10 Hz.
import type { ProbeEntry } from '../../../live/stores/probe-entry';
import { eventsForDisplay, type ClientEvent } from '../../../live/stores/probe-events';
import { isProbeConnected, type TemperatureData } from '../../../live/stores/readings';
import type { NamedRef, SystemInfo } from '@bpm/protocol';
import { Link } from 'react-router';
import { packHref } from '../../../config/paths';
import {
  batteryColour,
  batteryIcon,
  batteryPercentText,
  formatTemperature,
  stateIcon,
  temperatureDisplay,
} from '../probe-display';
import classes from './dashboard.module.css';
import { DashboardIcon } from './dashboard-icon';
import { UnacknowledgedMarker } from './unacknowledged-marker';

export const suppressedTooltip = 'This event is suppressed because of the current probe assignment';

export function StateCell({ stateString }: { stateString: string }) {
  const { icon, colour, label } = stateIcon(stateString);
  return <DashboardIcon name={icon} colour={colour} label={label} title={label} />;
}

/** A build stage's or battery pack's name (docs/screens.md (Probes table)); "None" when unassigned. */
export function NameCell({ named }: { named: NamedRef | null }) {
  return (
    <span className={named ? classes.nameCell : `${classes.nameCell} ${classes.none}`} title={named?.name}>
      {named?.name ?? 'None'}
    </span>
  );
}

/** Event lines a 40 px row has room for (docs/screens.md (Probes table)). */
export const rowEventLines = 2;

/**
 * The Info cell: up to two lines, Critical first. With more events than that, the second line ends in "+N more",
 * which opens Probe Details with every event: a line is never clipped and no event is hidden without a sign.
 */
export function EventLines({
  entry,
  onMore,
  onAlarms,
}: {
  entry: ProbeEntry;
  onMore: (button: HTMLElement) => void;
  /** The marker opens the probe's open alarms (unacknowledged-marker.tsx). */
  onAlarms: (button: HTMLElement) => void;
}) {
  const events = eventsForDisplay(entry.lists);
  const hidden = events.length > rowEventLines ? events.length - rowEventLines : 0;
  const shown = events.slice(0, rowEventLines);
  // The marker stands beside the lines, not above them: a 40 px row has room for two lines only.
  return (
    <div className={classes.eventsWithMarker}>
      <UnacknowledgedMarker probe={entry.probe} onOpen={onAlarms} />
      <div className={classes.events}>
        {shown.map((e, i) => {
          const line = <EventLine key={`${e.suppressed ? 's' : 'c'}${e.event}`} event={e} />;
          if (i < shown.length - 1 || hidden === 0) return line;
          return (
            <div key="last" className={classes.eventLineWithMore}>
              {line}
              <MoreEvents count={hidden} probeID={entry.probe.probeID} onMore={onMore} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

function EventLine({ event }: { event: ClientEvent }) {
  return (
    <div
      className={`${classes.eventLine} ${event.suppressed ? classes.suppressed : ''}`}
      title={event.suppressed ? suppressedTooltip : event.eventString}
    >
      {event.eventString}
    </div>
  );
}

/**
 * "+N more": the events a row or card has no room for, shown in Probe Details at its Current Events (docs/screens.md
 * (Probes table)). The button is handed on so that focus comes back to it when the details close.
 */
export function MoreEvents({
  count,
  probeID,
  onMore,
}: {
  count: number;
  probeID: string;
  onMore: (button: HTMLElement) => void;
}) {
  return (
    <button
      type="button"
      className={classes.moreEvents}
      aria-label={`+${count} more ${count === 1 ? 'event' : 'events'} of ${probeID}`}
      title="Show every event in Probe Details"
      onClick={(e) => onMore(e.currentTarget)}
    >
      +{count} more
    </button>
  );
}

export function TemperatureCell({
  current,
  lastValid,
  name,
}: {
  current: TemperatureData;
  lastValid: number | null;
  name: string;
}) {
  const shown = temperatureDisplay(current, lastValid);
  if (shown.kind === 'none') return <span>N/A</span>;
  if (shown.kind === 'current') return <span>{formatTemperature(shown.temperature)}</span>;
  return (
    <>
      <DashboardIcon
        name="warning"
        colour="orange"
        small
        label={`${name} reading invalid, showing the last valid reading`}
        title="Last valid reading"
      />
      <span>{formatTemperature(shown.temperature)}</span>
    </>
  );
}

export function ConnectionCell({ entry }: { entry: ProbeEntry }) {
  // "expected" and "bad" disconnection flags are always false, so a disconnection is amber (docs/probe-data.md (How the client shows a probe)).
  return isProbeConnected(entry.probe) ? (
    <DashboardIcon name="link" label="Connected" title="Connected" />
  ) : (
    <DashboardIcon name="link_off" colour="orange" label="Disconnected" title="Disconnected" />
  );
}

export function AssignmentCell({ isMonitoring, pack }: { isMonitoring: boolean; pack?: NamedRef | null }) {
  // The pack's name leads to its journey (docs/history.md).
  if (isMonitoring && pack) {
    return (
      <Link
        to={packHref(pack.id)}
        className={classes.plainLink}
        aria-label={`Monitoring ${pack.name}`}
        title={`Monitoring ${pack.name}: open its journey`}
      >
        <DashboardIcon name="search" />
      </Link>
    );
  }
  return isMonitoring ? (
    <DashboardIcon name="search" label="Monitoring" title="Monitoring" />
  ) : (
    <DashboardIcon name="search_off" label="Not monitoring" title="Not monitoring" />
  );
}

export function BatteryCell({
  percentage,
  isCharging,
  systemInfo,
}: {
  percentage: number;
  isCharging: boolean;
  systemInfo: SystemInfo | null;
}) {
  const colour = batteryColour(percentage, isCharging, systemInfo);
  const text = batteryPercentText(percentage);
  return (
    <>
      <DashboardIcon
        name={batteryIcon(percentage, isCharging)}
        colour={colour}
        label={isCharging ? `Battery ${text}, charging` : `Battery ${text}`}
      />
      {/* Only red is dark enough for text (4.5:1); amber and green stay on the icon. */}
      <span style={colour === 'red' ? { color: 'var(--mantine-color-red-9)', fontWeight: 700 } : undefined}>{text}</span>
    </>
  );
}
