// The Line view (docs/screens.md (Plant)): a lane per build stage, each headed by its name, its count of packs and its worst
// state, with a tile per probe carrying a pack, worst first; "+N more" opens the Dashboard at that stage. A tile is a
// button, so every tile is reached by Tab; it re-renders with its own probe, the lanes only when their order changes.
import { memo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { ProbeEntry } from '../../../live/stores/probe-entry';
import { probeStore } from '../../../live/stores/probe-store';
import { useProbe } from '../../../live/hooks/use-probe';
import { useIsPhone } from '../../../lib/use-is-phone';
import { batteryPercentText, formatTemperature } from '../probe-display';
import { DashboardIcon } from '../components/dashboard-icon';
import { hasUnacknowledgedAlarm } from '../components/unacknowledged-marker';
import { worstLaneOf, type Lane, type PlantState } from './plant-lanes';
import { plantStateOfEntry, useLanes } from './plant-model';
import classes from './plant.module.css';

/** Tiles a lane has room for, "+N more" included: two columns of four (two rows of lanes fit a 1400 × 900 screen), or of three on a phone (lanes stacked). */
export const laneCapacityFor = (isPhone: boolean) => (isPhone ? 6 : 8);

export type OpenProbe = (probeID: string, opener: HTMLElement) => void;

export function LineView({ onOpen }: { onOpen: OpenProbe }) {
  const isPhone = useIsPhone();
  const lanes = useLanes(laneCapacityFor(isPhone));
  if (lanes.length === 0) return <p>No probes yet.</p>;
  // On a phone the lanes are stacked and the worst may be screens below: a link to it comes first
  // (docs/decisions/plant.md#worst-lane-on-a-phone).
  const worst = isPhone ? worstLaneOf(lanes) : null;
  return (
    <>
      {worst && <JumpToLane lane={worst} />}
      <div className={classes.lanes}>
        {lanes.map((lane) => (
          <LaneCard key={lane.key} lane={lane} onOpen={onOpen} />
        ))}
      </div>
    </>
  );
}

/** Scrolls to the lane and moves the focus to its heading, so that Tab goes on to its tiles; the URL stays as it is. */
function JumpToLane({ lane }: { lane: Lane }) {
  const headingId = `lane-${lane.key}`;
  return (
    <a
      href={`#${headingId}`}
      className={classes.jump}
      onClick={(event) => {
        event.preventDefault();
        const heading = document.getElementById(headingId);
        heading?.scrollIntoView({ block: 'start' });
        heading?.focus({ preventScroll: true });
      }}
    >
      Jump to {lane.name} ({lane.worst})
    </a>
  );
}

const stateSymbol: Partial<Record<PlantState, { icon: 'error-fill' | 'warning-fill' | 'link_off'; colour?: string }>> = {
  Critical: { icon: 'error-fill', colour: 'red' },
  Warning: { icon: 'warning-fill', colour: 'orange' },
  Disconnected: { icon: 'link_off' },
};

export function StateWord({ state }: { state: PlantState }) {
  const symbol = stateSymbol[state];
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
      {symbol && <DashboardIcon name={symbol.icon} colour={symbol.colour} small />}
      {state}
    </span>
  );
}

function countText(lane: Lane): string {
  if (lane.kind === 'noPack') return `${lane.count} ${lane.count === 1 ? 'probe' : 'probes'}`;
  return `${lane.count} ${lane.count === 1 ? 'pack' : 'packs'}`;
}

const LaneCard = memo(function LaneCard({ lane, onOpen }: { lane: Lane; onOpen: OpenProbe }) {
  const headingId = `lane-${lane.key}`;
  // "+N more" opens the Dashboard at this stage; the lanes without a stage have no such filter, so the whole table.
  const moreHref = lane.stageID !== null ? `${paths.dashboard}?stage=${lane.stageID}` : paths.dashboard;
  return (
    <section className={classes.lane} aria-labelledby={headingId}>
      <div className={classes.laneHeader}>
        <h2 className={classes.laneName} id={headingId} tabIndex={-1}>
          {lane.name}
        </h2>
        <span>
          {countText(lane)}
          {lane.worst && lane.worst !== 'Normal' && (
            <>
              {' · worst '}
              <StateWord state={lane.worst} />
            </>
          )}
        </span>
      </div>
      {lane.count > 0 && (
        <ul className={classes.tiles} aria-label={`${lane.name}: ${countText(lane)}`}>
          {lane.shown.map((probeID) => (
            <li key={probeID}>
              <PlantTile probeID={probeID} onOpen={onOpen} />
            </li>
          ))}
          {lane.more > 0 && (
            <li>
              <Link to={moreHref} className={classes.more} aria-label={`+${lane.more} more in ${lane.name}: open the Dashboard`}>
                +{lane.more} more
              </Link>
            </li>
          )}
        </ul>
      )}
    </section>
  );
});

/** The hotter of the two temperatures, each its current valid reading or else its last valid one. */
export function hotterTemperature(entry: Pick<ProbeEntry, 'lastValidInternal' | 'lastValidExternal'>): number | null {
  const { lastValidInternal: internal, lastValidExternal: external } = entry;
  if (internal === null) return external;
  if (external === null) return internal;
  return Math.max(internal, external);
}

const PlantTile = memo(function PlantTile({ probeID, onOpen }: { probeID: string; onOpen: OpenProbe }) {
  const entry = useProbe(probeID);
  if (!entry) return null;
  const { probe } = entry;
  const state = plantStateOfEntry(probeStore, entry);
  const hotter = hotterTemperature(entry);
  const symbol = stateSymbol[state];
  const isUnacknowledged = hasUnacknowledgedAlarm(probe);
  return (
    <button type="button" className={`${classes.tile} ${classes[state] ?? ''}`} onClick={(e) => onOpen(probeID, e.currentTarget)}>
      <span className={classes.tileTop}>
        {symbol && <DashboardIcon name={symbol.icon} colour={state === 'Critical' ? undefined : symbol.colour} small />}
        <span className={classes.packName}>{probe.assignment.batteryPack?.name ?? probeID}</span>
      </span>
      {/* The marker on the AGV's line: on the first it took the pack name's room, on exactly the tiles that matter. */}
      <span className={classes.tileTop}>
        <span className={`${classes.tileLine} ${classes.grow}`}>{probe.assignment.agv?.name ?? 'No AGV'}</span>
        {isUnacknowledged && (
          <span className={classes.unack} title="An alarm of this probe waits for acknowledgement">
            Unack
          </span>
        )}
      </span>
      <span className={classes.tileLine}>
        {hotter === null ? 'N/A' : formatTemperature(hotter)} · {batteryPercentText(probe.batteryPercentage)}
      </span>
      {/* Heard after the visible words (which start the name, WCAG 2.5.3): the state, the marker's meaning and the probe. */}
      <span className={classes.visuallyHidden}>
        , {state}
        {isUnacknowledged ? ', unacknowledged alarm' : ''}, probe {probeID}
      </span>
    </button>
  );
});
