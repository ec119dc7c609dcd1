// One Probes table row: subscribes to its own probe (useProbe), so a report re-renders this row only.
import { ActionIcon, Menu } from '@mantine/core';
import { memo, useState } from 'react';
import { useProbe } from '../../../live/hooks/use-probe';
import { canData, thermocoupleData } from '../../../live/stores/readings';
import { useSystemInfo } from '../../../live/hooks/use-live';
import type { ProbeEntry } from '../../../live/stores/probe-entry';
import type { SystemInfo } from '@bpm/protocol';
import { AssignmentCell, BatteryCell, ConnectionCell, EventLines, NameCell, StateCell, TemperatureCell } from './probe-cells';
import { severityClass } from './severity';
import { WatchdogRing } from './watchdog-ring';
import classes from './dashboard.module.css';
import { DashboardIcon } from './dashboard-icon';
import type { DetailsOpenAt } from './probe-details-modal';

export interface ProbeRowProps {
  probeID: string;
  /** Pixel offset from the virtualiser. */
  offset: number;
  rowIndex: number;
  canDelete: boolean;
  /**
   * Opens Probe Details: at its top from the ⋮ menu; at Current Events from "+N more", at Open alarms from the
   * "Unacknowledged" marker, either given as `opener` so that focus returns to it when the details close
   * (docs/screens.md (Probe Details modal)).
   */
  onDetails: (probeID: string, opener?: HTMLElement, openAt?: DetailsOpenAt) => void;
  onDelete: (probeID: string) => void;
  /** The row menu opened or closed (the rows hold still while it is open). */
  onMenuChange: (opened: boolean) => void;
}

/**
 * The row's frame: its place (offset, index) and its severity. A new order moves a row by re-rendering this frame only;
 * the cells (ProbeCells) re-render when the probe's version changes (docs/decisions/dashboard.md#rows-moved-without-their-cells).
 */
export const ProbeRow = memo(function ProbeRow({
  probeID,
  offset,
  rowIndex,
  canDelete,
  onDetails,
  onDelete,
  onMenuChange,
}: ProbeRowProps) {
  const entry = useProbe(probeID);
  const systemInfo = useSystemInfo();
  if (!entry) return null;
  return (
    <div
      role="row"
      aria-rowindex={rowIndex + 2}
      className={`${classes.grid} ${classes.row} ${severityClass(entry.probe.state.stateString)}`}
      style={{ transform: `translateY(${offset}px)` }}
    >
      <ProbeCells
        entry={entry}
        version={entry.version}
        systemInfo={systemInfo}
        canDelete={canDelete}
        onDetails={onDetails}
        onDelete={onDelete}
        onMenuChange={onMenuChange}
      />
    </div>
  );
});

interface ProbeCellsProps extends Pick<ProbeRowProps, 'canDelete' | 'onDetails' | 'onDelete' | 'onMenuChange'> {
  entry: ProbeEntry;
  /** The entry is updated in place: its version is what tells this memo that the probe changed. */
  version: number;
  systemInfo: SystemInfo | null;
}

const ProbeCells = memo(function ProbeCells({
  entry,
  systemInfo,
  canDelete,
  onDetails,
  onDelete,
  onMenuChange,
}: ProbeCellsProps) {
  const { probe } = entry;
  const { probeID } = probe;
  return (
    <>
      <div role="cell" className={`${classes.cell} ${classes.idCell}`} title={probeID}>
        {probeID}
      </div>
      <div role="cell" className={classes.cell}>
        <StateCell stateString={probe.state.stateString} />
      </div>
      <div role="cell" className={`${classes.cell} ${classes.stageCell}`}>
        <NameCell named={probe.assignment.buildStage} />
      </div>
      <div role="cell" className={`${classes.cell} ${classes.packCell}`}>
        <NameCell named={probe.assignment.batteryPack} />
      </div>
      <div role="cell" className={classes.cell}>
        <EventLines
          entry={entry}
          onMore={(button) => onDetails(probeID, button)}
          onAlarms={(button) => onDetails(probeID, button, 'openAlarms')}
        />
      </div>
      <div role="cell" className={classes.cell}>
        <TemperatureCell current={thermocoupleData(probe)} lastValid={entry.lastValidExternal} name="External" />
      </div>
      <div role="cell" className={classes.cell}>
        <TemperatureCell current={canData(probe)} lastValid={entry.lastValidInternal} name="Internal" />
      </div>
      <div role="cell" className={classes.cell}>
        <ConnectionCell entry={entry} />
      </div>
      <div role="cell" className={classes.cell}>
        <AssignmentCell isMonitoring={probe.isMonitoring} pack={probe.assignment.batteryPack} />
      </div>
      <div role="cell" className={classes.cell}>
        <WatchdogRing probeID={probeID} />
      </div>
      <div role="cell" className={classes.cell}>
        <BatteryCell percentage={probe.batteryPercentage} isCharging={probe.batteryCharging} systemInfo={systemInfo} />
      </div>
      <div role="cell" className={classes.cell}>
        <ProbeMenu
          probeID={probeID}
          canDelete={canDelete}
          onDetails={onDetails}
          onDelete={onDelete}
          onMenuChange={onMenuChange}
        />
      </div>
    </>
  );
});

/**
 * The ⋮ actions menu of a probe (docs/screens.md (Actions menu)), shared by the table rows and the cards. Memoised: its
 * props are stable, so a probe's update (each row's, once a second) does not re-render its Mantine ActionIcon
 * (docs/decisions/dashboard.md#counts-re-render-only-their-number).
 */
export const ProbeMenu = memo(function ProbeMenu({
  probeID,
  canDelete,
  onDetails,
  onDelete,
  onMenuChange,
}: Pick<ProbeRowProps, 'probeID' | 'canDelete' | 'onDetails' | 'onDelete' | 'onMenuChange'>) {
  // The Mantine menu (a Popover) is mounted at the first click, open: it was ~13 % of the first rows' render
  // (docs/decisions/dashboard.md#menu-mounted-on-first-open). Its open state is held here so that first click opens it.
  const [opened, setOpened] = useState<boolean | null>(null);
  const change = (next: boolean) => {
    setOpened(next);
    onMenuChange(next);
  };
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Actions for ${probeID}`}
      // Before the menu exists the button says what Menu.Target says of a closed menu.
      aria-haspopup="menu"
      aria-expanded={opened ?? false}
      onClick={opened === null ? () => change(true) : undefined}
    >
      <DashboardIcon name="more_vert" />
    </ActionIcon>
  );
  if (opened === null) return trigger;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={change}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onDetails(probeID)}>Probe Details</Menu.Item>
        {canDelete && (
          <Menu.Item color="red.9" onClick={() => onDelete(probeID)}>
            Delete Probe
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
});
