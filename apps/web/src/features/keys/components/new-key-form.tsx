// The "New API Key" form (docs/screens.md (New API Key modal), docs/data-model.md (Validation rules)): Name* and Expiration* (tomorrow by default), Cancel / Generate.
import type { CreatedApiKey } from '@bpm/protocol';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState, type FormEvent } from 'react';
import { dateInputFormat, parseDay } from '../../../lib/date-format';
import { useCreateKey } from '../api/use-create-key';
import { expirationDateTimeOf, tomorrowOf, validateNewKey, type NewKeyErrors } from '../key-rules';

export function NewKeyForm({
  onCancel,
  onCreated,
  onPickerChange,
}: {
  onCancel: () => void;
  onCreated: (key: CreatedApiKey) => void;
  /** The date picker opened or closed (the dialog leaves Escape to an open picker). */
  onPickerChange: (opened: boolean) => void;
}) {
  const [name, setName] = useState('');
  const [expiration, setExpiration] = useState<string | null>(() => tomorrowOf());
  const [errors, setErrors] = useState<NewKeyErrors>({});
  const create = useCreateKey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewKey({ name, expiration });
    setErrors(found);
    create.reset();
    if (found.name || found.expiration || !expiration) return;
    create.mutate({ name: name.trim(), expirationDate: expirationDateTimeOf(expiration) }, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          withAsterisk
          placeholder="Key Name"
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        <DateInput
          label="Expiration"
          withAsterisk
          value={expiration}
          onChange={setExpiration}
          valueFormat={dateInputFormat}
          dateParser={parseDay}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear expiration' }}
          error={errors.expiration}
          popoverProps={{ withinPortal: true, onOpen: () => onPickerChange(true), onClose: () => onPickerChange(false) }}
          // Enter in the date field must not submit the form (docs/operator-screen.md "API key safety").
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            Failed to generate API key. Please try again.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="green" disabled={create.isPending}>
            Generate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
