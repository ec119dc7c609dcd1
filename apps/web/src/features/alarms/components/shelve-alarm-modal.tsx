// Shelve one alarm (docs/alarms.md): a duration (1–480 minutes) and a reason (1–200 characters).
import { alarmLimits, type Alarm } from '@bpm/protocol';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { keepUnitsWithNumbers } from '../../../lib/text';
import { useShelveAlarm } from '../api/use-shelve-alarm';

const durations = [
  { value: '1', label: '1 minute' },
  { value: '15', label: '15 minutes' },
  { value: '30', label: '30 minutes' },
  { value: '60', label: '1 hour' },
  { value: '120', label: '2 hours' },
  { value: '240', label: '4 hours' },
  { value: '480', label: '8 hours' },
];

export function ShelveAlarmModal({ alarm, onClose }: { alarm: Alarm | null; onClose: () => void }) {
  return (
    <Modal opened={alarm !== null} onClose={onClose} title="Shelve alarm" centered>
      {alarm && <ShelveForm alarm={alarm} onClose={onClose} />}
    </Modal>
  );
}

function ShelveForm({ alarm, onClose }: { alarm: Alarm; onClose: () => void }) {
  const [minutes, setMinutes] = useState('30');
  const [reason, setReason] = useState('');
  const shelve = useShelveAlarm();
  const trimmed = reason.trim();
  const submit = () => shelve.mutate({ id: alarm.id, minutes: Number(minutes), reason: trimmed }, { onSuccess: onClose });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {alarm.probeID}: {keepUnitsWithNumbers(alarm.lastMessage)}
        </Text>
        <NativeSelect
          label="Duration"
          data={durations}
          value={minutes}
          onChange={(event) => setMinutes(event.currentTarget.value)}
        />
        <TextInput
          label="Reason"
          required
          maxLength={alarmLimits.shelveReasonMaxLength}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          description={`Up to ${alarmLimits.shelveReasonMaxLength} characters`}
        />
        {shelve.error && (
          <Text c="red" size="sm" role="alert">
            {shelve.error.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={shelve.isPending} disabled={trimmed.length === 0}>
            Shelve
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
