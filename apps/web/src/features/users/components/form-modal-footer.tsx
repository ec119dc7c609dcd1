// The end of the Users page's form dialogs (spec §2 user modals): the submit error, then Cancel / Submit, Submit
// reading "Submitting..." and disabled while the request runs (spec §4 Modals).
import { Alert, Button, Group, type MantineColor } from '@mantine/core';

export interface FormModalFooterProps {
  error: string | null;
  isPending: boolean;
  onCancel: () => void;
  submitColor?: MantineColor;
}

export function FormModalFooter({ error, isPending, onCancel, submitColor }: FormModalFooterProps) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" color={submitColor} disabled={isPending}>
          {isPending ? 'Submitting...' : 'Submit'}
        </Button>
      </Group>
    </>
  );
}
