// Deletes a probe. Nothing to re-read: the live feed removes it from the table.
import { useMutation } from '@tanstack/react-query';
import { deleteProbe } from './delete-probe';

export function useDeleteProbe() {
  return useMutation({ mutationFn: deleteProbe });
}
