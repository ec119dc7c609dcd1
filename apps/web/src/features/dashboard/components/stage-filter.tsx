// "Which packs are in danger?" (docs/screens.md (Stage summary)): the stage filter, kept in the URL as `?stage={id}`,
// and the strip of stages with abnormal probes, worst first, each applying that filter.
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { memo } from 'react';
import { useStageSummary, type StageCount } from '../stage-summary';
import { DashboardIcon } from './dashboard-icon';
import classes from './dashboard.module.css';

/** The summary's words for a stage: "Pack sealing: 24 Critical · 3 Warning". */
export function stageSummaryText({ name, critical, warning }: StageCount): string {
  const parts = [critical > 0 && `${critical} Critical`, warning > 0 && `${warning} Warning`].filter(Boolean);
  return `${name}: ${parts.join(' · ')}`;
}

export const StageSelect = memo(function StageSelect({
  stageID,
  onChange,
}: {
  stageID: number | null;
  onChange: (stageID: number | null) => void;
}) {
  const stages = [...useStageSummary()].sort((a, b) => a.name.localeCompare(b.name));
  // A stage asked for by the URL that no probe is at (yet) still shows as chosen.
  const known = stageID === null || stages.some((stage) => stage.id === stageID);
  return (
    <NativeSelect
      aria-label="Stage"
      value={stageID === null ? '' : String(stageID)}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
      data={[
        { value: '', label: 'All stages' },
        ...(known ? [] : [{ value: String(stageID), label: `Stage ${stageID}` }]),
        ...stages.map((stage) => ({ value: String(stage.id), label: stage.name })),
      ]}
      w={180}
      maw="100%"
    />
  );
});

export const StageStrip = memo(function StageStrip({
  stageID,
  onChange,
}: {
  stageID: number | null;
  onChange: (stageID: number | null) => void;
}) {
  const abnormal = useStageSummary().filter((stage) => stage.critical + stage.warning > 0);
  // The line stays when no stage is in danger, so the table below does not jump when one is.
  if (abnormal.length === 0)
    return (
      <Text size="sm" c="gray.7" className={classes.stageStrip}>
        No stage has Warning or Critical probes.
      </Text>
    );
  return (
    // One line, scrolled sideways when long, so that on a phone the cards keep their place.
    <Group role="group" aria-label="Stages with abnormal probes" gap={6} wrap="nowrap" className={classes.stageStrip}>
      {abnormal.map((stage) => {
        const chosen = stage.id === stageID;
        return (
          <Button
            key={stage.id}
            size="compact-sm"
            variant={chosen ? 'filled' : 'default'}
            color="dark"
            aria-pressed={chosen}
            leftSection={
              <DashboardIcon
                name={stage.critical > 0 ? 'error-fill' : 'warning-fill'}
                colour={chosen ? undefined : stage.critical > 0 ? 'red' : 'orange'}
                small
              />
            }
            onClick={() => onChange(chosen ? null : stage.id)}
          >
            {stageSummaryText(stage)}
          </Button>
        );
      })}
    </Group>
  );
});
