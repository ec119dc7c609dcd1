// The Probes table's cell contents (docs/screens.md (Probes table), docs/probe-data.md (How the client shows a probe)), light enough for 60 rows at 10 Hz.
import { memo } from 'react';
import { useWatchdog } from '../../../live/use-probe';
import type { ProbeEntry } from '../../../live/probe-store';
import { eventsForDisplay } from '../../../live/probe-events';
import { isProbeConnected, type TemperatureData } from '../../../live/readings';
import { watchdogElapsedShare, watchdogRingColour } from '../../../live/watchdog';
import type { SystemInfo } from '@bpm/protocol';
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

export const suppressedTooltip = 'This event is suppressed because of the current probe assignment';

export function StateCell({ stateString }: { stateString: string }) {
  const { icon, colour, label } = stateIcon(stateString);
  return <DashboardIcon name={icon} colour={colour} label={label} title={label} />;
}

export function EventLines({ entry }: { entry: ProbeEntry }) {
  const events = eventsForDisplay(entry.lists);
  return (
    <div className={classes.events}>
      {events.map((e) => (
        <div
          key={`${e.suppressed ? 's' : 'c'}${e.event}`}
          className={`${classes.eventLine} ${e.suppressed ? classes.suppressed : ''}`}
          title={e.suppressed ? suppressedTooltip : e.eventString}
        >
          {e.eventString}
        </div>
      ))}
    </div>
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
    <DashboardIcon name="link" colour="green" label="Connected" title="Connected" />
  ) : (
    <DashboardIcon name="link_off" colour="orange" label="Disconnected" title="Disconnected" />
  );
}

export function AssignmentCell({ isMonitoring }: { isMonitoring: boolean }) {
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
      <span style={colour ? { color: `var(--mantine-color-${colour}-7)` } : undefined}>{text}</span>
    </>
  );
}

const ringRadius = 14;
const ringLength = 2 * Math.PI * ringRadius;

/** Countdown ring: re-renders on each clock tick, on its own, without the row. */
export const WatchdogRing = memo(function WatchdogRing({ probeID }: { probeID: string }) {
  const watchdog = useWatchdog(probeID);
  if (!watchdog) return null;
  return (
    <WatchdogRingView
      remainingTenths={Math.round(watchdog.timeRemaining * 10)}
      timeoutSeconds={watchdog.timeoutSeconds}
      alerted={watchdog.alerted}
    />
  );
});

const WatchdogRingView = memo(function WatchdogRingView({
  remainingTenths,
  timeoutSeconds,
  alerted,
}: {
  remainingTenths: number;
  timeoutSeconds: number;
  alerted: boolean;
}) {
  const status = { timeoutSeconds, timeRemaining: remainingTenths / 10, alerted };
  const left = 1 - watchdogElapsedShare(status);
  const colour = watchdogRingColour(status);
  const seconds = Math.ceil(status.timeRemaining);
  return (
    <svg
      width="36"
      height="36"
      viewBox="0 0 36 36"
      role="img"
      aria-label={alerted ? 'Watchdog alerted' : `Watchdog ${seconds} s left`}
    >
      <circle cx="18" cy="18" r={ringRadius} fill="none" stroke="var(--mantine-color-gray-2)" strokeWidth="4" />
      <circle
        cx="18"
        cy="18"
        r={ringRadius}
        fill="none"
        stroke={colour}
        strokeWidth="4"
        strokeDasharray={`${ringLength * left} ${ringLength}`}
        transform="rotate(-90 18 18)"
      />
      <text x="18" y="22" textAnchor="middle" fontSize="11" fill="currentColor">
        {seconds}
      </text>
    </svg>
  );
});
