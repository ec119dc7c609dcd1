// The Floor view (docs/screens.md (Plant)): the uploaded floor plan (or a grid) with a dot per probe, its legend, the
// probes that report no position counted apart, and, for an administrator, the plan's upload, replacement and removal.
import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { floorPlanQueries, type FloorPlan } from '../api/floor-plan-api';
import { dotStyle, type FloorBackground } from './floor-drawing';
import { FloorCanvas } from './floor-canvas';
import { FloorPlanControls } from './floor-plan-form';
import type { PlantState } from './plant-lanes';
import classes from './plant.module.css';

/** The plan's image, decoded: an <img> element that the canvas draws (an SVG as an image runs no script). */
function usePlanImage(plan: FloorPlan | null | undefined): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!plan) {
      setImage(null);
      return;
    }
    let current = true;
    const element = new Image();
    element.decoding = 'async';
    element.src = plan.image;
    element
      .decode()
      .then(() => current && setImage(element))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [plan]);
  return image;
}

const legend: readonly PlantState[] = ['Normal', 'Warning', 'Critical', 'Disconnected'];

export function FloorView({ onOpen, canEditPlan }: { onOpen: (probeID: string) => void; canEditPlan: boolean }) {
  const plan = useQuery(floorPlanQueries.plan());
  const image = usePlanImage(plan.data);
  const [noPosition, setNoPosition] = useState(0);
  const background = useMemo<FloorBackground>(
    () => ({ image, corners: plan.data && image ? { topLeft: plan.data.topLeft, bottomRight: plan.data.bottomRight } : null }),
    [image, plan.data],
  );
  return (
    <>
      <FloorCanvas background={background} onOpen={onOpen} onNoPosition={setNoPosition} />
      <Group gap="md" justify="space-between" wrap="wrap">
        <Group gap="md" wrap="wrap" role="list" aria-label="Legend">
          {legend.map((state) => (
            <Text span size="sm" key={state} role="listitem">
              <span
                className={classes.legendDot}
                style={{
                  background: dotStyle[state].fill,
                  border: dotStyle[state].stroke
                    ? `1.5px solid ${state === 'Critical' ? '#c92a2a' : dotStyle[state].stroke}`
                    : undefined,
                }}
              />
              {state}
            </Text>
          ))}
        </Group>
        {noPosition > 0 && (
          <Text size="sm" role="status">
            {noPosition} {noPosition === 1 ? 'probe reports' : 'probes report'} no position
          </Text>
        )}
      </Group>
      {plan.isError && <Text c="red.9">Failed to load the floor plan: {plan.error.message}</Text>}
      {canEditPlan && plan.isSuccess && <FloorPlanControls plan={plan.data} />}
    </>
  );
}
