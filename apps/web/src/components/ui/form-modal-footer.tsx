// The end of a form dialog (spec §2 user modals): the submit error, then Cancel / Submit, Submit
// reading "Submitting..." and disabled while the request runs (spec §4 Modals).
import { Alert, Button, Group, type MantineColor } from '@mantine/core';

export interface FormModalFooterProps {
  error: string | null;
  isSubmitting: boolean;
  onCancel: () => void;
  submitColor?: MantineColor;
}

export function FormModalFooter({ error, isSubmitting, onCancel, submitColor }: FormModalFooterProps) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" color={submitColor} disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit'}
        </Button>
      </Group>
    </>
  );
}
