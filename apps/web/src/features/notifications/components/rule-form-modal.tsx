// Add rule / Edit rule (docs/notifications.md "Rules"): name, enabled, what it matches (Warning and/or Critical,
// optionally only some events and stages), 1–5 escalation steps (minutes after the alarm was raised, channels),
// the repeat, "cleared" messages and the grouping window, with the steps previewed as the timeline. The server
// validates; its errors stand under the fields.
import { eventCatalogue, notificationLimits, type Channel, type Rule, type RuleInputBody } from '@bpm/protocol';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { ModalActions } from '../../../components/ui/modal-actions';
import { useSaveRule } from '../api/notifications-api';
import { formErrors } from './form-errors';
import { RuleTimeline } from './rule-timeline';

interface Step {
  afterMinutes: number | string;
  channelIds: string[];
}
interface Values {
  name: string;
  enabled: boolean;
  eventTypes: string[];
  events: string[];
  stageIds: string[];
  steps: Step[];
  repeatMinutes: number | string;
  notifyCleared: boolean;
  groupSeconds: number | string;
}

const eventOptions = eventCatalogue
  .filter((d) => d.type === 'Warning' || d.type === 'Critical')
  .map((d) => ({ value: String(d.code), label: `${d.code}: ${d.template.replace(/\{(\w+)\}/g, '…')} (${d.type})` }));

function initialValues(rule: Rule | undefined): Values {
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? true,
    eventTypes: rule?.match.eventTypes ?? ['Critical'],
    events: (rule?.match.events ?? []).map(String),
    stageIds: (rule?.match.stageIds ?? []).map(String),
    steps: rule?.steps.map((s) => ({ afterMinutes: s.afterMinutes, channelIds: s.channelIds.map(String) })) ?? [
      { afterMinutes: 0, channelIds: [] },
    ],
    repeatMinutes: rule?.repeatMinutes ?? '',
    notifyCleared: rule?.notifyCleared ?? false,
    groupSeconds: rule?.groupSeconds ?? notificationLimits.groupSecondsDefault,
  };
}

/** A number field's value as the API takes it (an empty field as 0 where a number is needed). */
const num = (value: number | string) => (value === '' ? 0 : Number(value));

function bodyOf(v: Values): RuleInputBody {
  return {
    name: v.name,
    enabled: v.enabled,
    match: {
      eventTypes: v.eventTypes as ('Warning' | 'Critical')[],
      ...(v.events.length > 0 && { events: v.events.map(Number) }),
      ...(v.stageIds.length > 0 && { stageIds: v.stageIds.map(Number) }),
    },
    steps: v.steps.map((s) => ({ afterMinutes: num(s.afterMinutes), channelIds: s.channelIds.map(Number) })),
    repeatMinutes: v.repeatMinutes === '' ? null : Number(v.repeatMinutes),
    notifyCleared: v.notifyCleared,
    groupSeconds: num(v.groupSeconds),
  };
}

export function RuleFormModal({ rule, channels, onClose }: { rule?: Rule; channels: Channel[]; onClose: () => void }) {
  const [values, setValues] = useState(() => initialValues(rule));
  const save = useSaveRule();
  const errors = formErrors(save.error, (path) => !['match', ''].includes(path));
  const field = (path: string) => errors.fields[path];
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const setStep = (index: number, step: Partial<Step>) =>
    set(
      'steps',
      values.steps.map((s, i) => (i === index ? { ...s, ...step } : s)),
    );
  const channelOptions = channels.map((c) => ({ value: String(c.id), label: c.name }));
  const lastAfter = num(values.steps.at(-1)?.afterMinutes ?? 0);

  return (
    <Modal opened onClose={save.isPending ? () => {} : onClose} title={rule ? 'Edit rule' : 'Add rule'} size="lg" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ id: rule?.id, body: bodyOf(values) }, { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={field('name')}
          />
          <Switch label="Enabled" checked={values.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
          <Checkbox.Group
            label="Alarms of type"
            value={values.eventTypes}
            onChange={(types) => set('eventTypes', types)}
            error={field('match.eventTypes')}
          >
            <Group gap="md" mt={4}>
              <Checkbox value="Critical" label="Critical" />
              <Checkbox value="Warning" label="Warning" />
            </Group>
          </Checkbox.Group>
          <MultiSelect
            label="Only these events"
            description="Empty: every event of those types"
            data={eventOptions}
            value={values.events}
            onChange={(events) => set('events', events)}
            error={field('match.events')}
            comboboxProps={{ withinPortal: true }}
          />
          <TagsInput
            label="Only at these stages"
            description="Stage numbers; empty: every stage"
            value={values.stageIds}
            onChange={(ids) =>
              set(
                'stageIds',
                ids.filter((id) => /^\d+$/.test(id)),
              )
            }
            error={field('match.stageIds')}
          />
          <Text fw={500} size="sm">
            Escalation steps
          </Text>
          {values.steps.map((step, index) => (
            <Group key={index} align="flex-start" gap="xs">
              <NumberInput
                label={`Step ${index + 1}: after (minutes)`}
                min={0}
                max={notificationLimits.afterMinutesMax}
                value={step.afterMinutes}
                onChange={(afterMinutes) => setStep(index, { afterMinutes })}
                error={field(`steps.${index}.afterMinutes`)}
                w={170}
              />
              <MultiSelect
                label={`Step ${index + 1}: channels`}
                data={channelOptions}
                value={step.channelIds}
                onChange={(channelIds) => setStep(index, { channelIds })}
                searchable
                error={field(`steps.${index}.channelIds`)}
                style={{ flex: '1 1 200px' }}
                comboboxProps={{ withinPortal: true }}
              />
              <ActionIcon
                variant="subtle"
                color="red.9"
                mt={26}
                aria-label={`Remove step ${index + 1}`}
                disabled={values.steps.length === 1}
                onClick={() =>
                  set(
                    'steps',
                    values.steps.filter((_, i) => i !== index),
                  )
                }
              >
                <Icon name="delete" />
              </ActionIcon>
            </Group>
          ))}
          {field('steps') && (
            <Text size="sm" c="red.9">
              {field('steps')}
            </Text>
          )}
          <Button
            variant="default"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            disabled={values.steps.length >= notificationLimits.stepsMax}
            onClick={() => set('steps', [...values.steps, { afterMinutes: lastAfter + 15, channelIds: [] }])}
          >
            Add step
          </Button>
          <Group grow align="flex-start">
            <NumberInput
              label="Repeat every (minutes)"
              description="Empty: no repeat"
              min={notificationLimits.repeatMinutesMin}
              max={notificationLimits.repeatMinutesMax}
              value={values.repeatMinutes}
              onChange={(repeatMinutes) => set('repeatMinutes', repeatMinutes)}
              error={field('repeatMinutes')}
            />
            <NumberInput
              label="Group alarms within (seconds)"
              description="One message for alarms that fire together"
              min={0}
              max={notificationLimits.groupSecondsMax}
              value={values.groupSeconds}
              onChange={(groupSeconds) => set('groupSeconds', groupSeconds)}
              error={field('groupSeconds')}
            />
          </Group>
          <Switch
            label="Notify when cleared"
            checked={values.notifyCleared}
            onChange={(e) => set('notifyCleared', e.currentTarget.checked)}
          />
          <RuleTimeline rule={bodyOf(values) as Pick<Rule, 'steps' | 'repeatMinutes' | 'notifyCleared'>} channels={channels} />
          {errors.message && (
            <Alert color="red" role="alert">
              {errors.message}
            </Alert>
          )}
          <ModalActions onCancel={onClose} isPending={save.isPending} label="Save" pendingLabel="Saving..." />
        </Stack>
      </form>
    </Modal>
  );
}
