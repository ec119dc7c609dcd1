// The plant's floor plan (design §18, docs/plant.md (API)): GET answers the image as a data URL with the latitude/longitude
// of its top-left and bottom-right corners, or 404 when none was uploaded (read here as null); PUT replaces it, DELETE
// removes it (Probes UPDATE).
import type { FloorPlan, FloorPlanUpdate } from '@bpm/protocol';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';

export type { FloorPlan, FloorPlanUpdate };

export async function getFloorPlan(signal?: AbortSignal): Promise<FloorPlan | null> {
  try {
    return await apiRequest<FloorPlan>('/plant/floor-plan', { signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export const putFloorPlan = (plan: FloorPlanUpdate) => apiRequest<FloorPlan>('/plant/floor-plan', { method: 'PUT', body: plan });

export const deleteFloorPlan = () => apiRequest<unknown>('/plant/floor-plan', { method: 'DELETE' });

export const floorPlanQueries = {
  all: () => ['floor-plan'] as const,
  plan: () => queryOptions({ queryKey: floorPlanQueries.all(), queryFn: ({ signal }) => getFloorPlan(signal) }),
};

/** Uploads or replaces the plan; the Floor view shows the new one at once. */
export function usePutFloorPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putFloorPlan,
    onSuccess: () => client.invalidateQueries({ queryKey: floorPlanQueries.all() }),
  });
}

export function useDeleteFloorPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFloorPlan,
    onSuccess: () => client.setQueryData(floorPlanQueries.plan().queryKey, null),
  });
}
