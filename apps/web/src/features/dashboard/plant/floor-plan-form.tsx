// The floor plan's upload, replacement and removal (docs/screens.md (Plant)), for a user with Probes UPDATE: a PNG or SVG
// file of at most 5 MB and the latitude/longitude of its top-left and bottom-right corners. The server checks again;
// its refusal is shown in the dialog as its own sentence.
import { floorPlanMaxBytes, floorPlanMediaTypes } from '@bpm/protocol';
import { Alert, Button, FileInput, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDeletionModal } from '../../../components/ui/confirm-deletion-modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { isApiError } from '../../../lib/api-client';
import { probeStore } from '../../../live/stores/probe-store';
import { useDeleteFloorPlan, usePutFloorPlan, type FloorPlan, type FloorPlanUpdate } from '../api/floor-plan-api';
import { cornersAround, type Corners, type LatLon } from './floor-fit';

const planTypes: readonly string[] = floorPlanMediaTypes;

const errorText = (error: unknown) => (isApiError(error) ? error.message : 'Failed to save the floor plan');

/** The area the probes are in now, as a starting point for a first plan's corners. */
function cornersOfProbesSeen(): Corners | null {
  const positions: LatLon[] = [];
  for (const { probe } of probeStore.allEntries())
    if (probe.latitude !== null && probe.longitude !== null)
      positions.push({ latitude: probe.latitude, longitude: probe.longitude });
  return cornersAround(positions);
}

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

export function FloorPlanControls({ plan }: { plan: FloorPlan | null }) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const removal = useDeleteFloorPlan();
  return (
    <Group gap="xs">
      <Button variant="default" onClick={() => setEditing(true)}>
        {plan ? 'Replace floor plan' : 'Upload floor plan'}
      </Button>
      {plan && (
        <Button variant="default" color="red" onClick={() => setRemoving(true)}>
          Remove floor plan
        </Button>
      )}
      {editing && <FloorPlanModal plan={plan} onClose={() => setEditing(false)} />}
      <ConfirmDeletionModal
        opened={removing}
        subject="floor plan"
        isPending={removal.isPending}
        error={removal.error ? errorText(removal.error) : null}
        onClose={() => {
          removal.reset();
          setRemoving(false);
        }}
        onConfirm={() => removal.mutate(undefined, { onSuccess: () => setRemoving(false) })}
      />
    </Group>
  );
}

type CornerField = 'topLatitude' | 'topLongitude' | 'bottomLatitude' | 'bottomLongitude';

function FloorPlanModal({ plan, onClose }: { plan: FloorPlan | null; onClose: () => void }) {
  const [initial] = useState(() => (plan ? { topLeft: plan.topLeft, bottomRight: plan.bottomRight } : cornersOfProbesSeen()));
  const [file, setFile] = useState<File | null>(null);
  const [corners, setCorners] = useState<Record<CornerField, number | string>>({
    topLatitude: initial?.topLeft.latitude ?? '',
    topLongitude: initial?.topLeft.longitude ?? '',
    bottomLatitude: initial?.bottomRight.latitude ?? '',
    bottomLongitude: initial?.bottomRight.longitude ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = usePutFloorPlan();

  const submit = async () => {
    setProblem(null);
    if (!file && !plan) return setProblem('Choose a PNG or SVG file');
    if (file && !planTypes.includes(file.type)) return setProblem('Image must be a PNG or SVG');
    if (file && file.size > floorPlanMaxBytes) return setProblem('Image must be at most 5 MB');
    const numbers = Object.values(corners).map(Number);
    if (Object.values(corners).some((v) => v === '') || numbers.some((n) => !Number.isFinite(n)))
      return setProblem('Enter the latitude and longitude of both corners');
    const input: FloorPlanUpdate = {
      image: file ? await readDataUrl(file) : plan!.image,
      topLeft: { latitude: Number(corners.topLatitude), longitude: Number(corners.topLongitude) },
      bottomRight: { latitude: Number(corners.bottomLatitude), longitude: Number(corners.bottomLongitude) },
    };
    save.mutate(input, { onSuccess: onClose });
  };

  const corner = (field: CornerField, label: string, min: number, max: number) => (
    <NumberInput
      label={label}
      value={corners[field]}
      onChange={(value) => setCorners((c) => ({ ...c, [field]: value }))}
      decimalScale={7}
      min={min}
      max={max}
      hideControls
      required
    />
  );
  const error = problem ?? (save.error ? errorText(save.error) : null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={plan ? 'Replace floor plan' : 'Upload floor plan'}
      size="lg"
      closeOnClickOutside={!save.isPending}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <FileInput
            label="Floor plan image"
            description="PNG or SVG, at most 5 MB"
            placeholder={plan ? 'Keep the current image' : 'Choose a file'}
            accept={planTypes.join(',')}
            value={file}
            onChange={setFile}
            clearable
            required={!plan}
          />
          <Text size="sm">The latitude and longitude of the image's corners:</Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {corner('topLatitude', 'Top-left latitude', -90, 90)}
            {corner('topLongitude', 'Top-left longitude', -180, 180)}
            {corner('bottomLatitude', 'Bottom-right latitude', -90, 90)}
            {corner('bottomLongitude', 'Bottom-right longitude', -180, 180)}
          </SimpleGrid>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <ModalActions onCancel={onClose} isPending={save.isPending} label="Save" pendingLabel="Saving..." />
        </Stack>
      </form>
    </Modal>
  );
}
