// The Cancel / confirm button row at the foot of every dialog: both disabled while the action runs, the
// confirm button showing its pending label ("Deleting...", "Submitting...") meanwhile (docs/screens.md).
import { Button, Group, type MantineColor } from '@mantine/core';

export interface ModalActionsProps {
  onCancel: () => void;
  /** Omit for a submit button of the surrounding form. */
  onConfirm?: () => void;
  isPending: boolean;
  label: string;
  pendingLabel: string;
  color?: MantineColor;
  /** The confirm button waits for something (a required field). */
  disabled?: boolean;
}

export function ModalActions({
  onCancel,
  onConfirm,
  isPending,
  label,
  pendingLabel,
  color,
  disabled = false,
}: ModalActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={isPending}>
        Cancel
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} color={color} onClick={onConfirm} disabled={isPending || disabled}>
        {isPending ? pendingLabel : label}
      </Button>
    </Group>
  );
}
