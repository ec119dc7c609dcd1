// Add channel / Edit channel (docs/notifications.md "Channels"): name, type, enabled; an e-mail channel's To
// addresses and users (each user's own e-mail), a webhook's URL, format and secret. The secret is write-only: an
// edit shows "set" and keeps it unless a new one is typed or Remove secret is ticked. The server validates; its
// errors stand under the fields.
import type { Channel, ChannelInputBody, ChannelType, WebhookFormat } from '@bpm/protocol';
import { Alert, Checkbox, Modal, MultiSelect, PasswordInput, Select, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notificationQueries, useSaveChannel } from '../api/notifications-api';
import { formErrors } from './form-errors';

const channelFields = ['name', 'type', 'settings.to', 'settings.userIds', 'settings.url', 'settings.format', 'settings.secret'];
export const formatLabels: Record<WebhookFormat, string> = { json: 'JSON (BPM)', slack: 'Slack', teams: 'Microsoft Teams' };
export const typeLabels: Record<ChannelType, string> = { email: 'E-mail', webhook: 'Webhook' };

interface Values {
  name: string;
  type: ChannelType;
  enabled: boolean;
  to: string[];
  userIds: string[];
  url: string;
  format: WebhookFormat;
  secret: string;
  removeSecret: boolean;
}

function initialValues(channel: Channel | undefined): Values {
  const email = channel?.type === 'email' ? channel.settings : undefined;
  const webhook = channel?.type === 'webhook' ? channel.settings : undefined;
  return {
    name: channel?.name ?? '',
    type: channel?.type ?? 'email',
    enabled: channel?.enabled ?? true,
    to: email?.to ?? [],
    userIds: (email?.userIds ?? []).map(String),
    url: webhook?.url ?? '',
    format: webhook?.format ?? 'json',
    secret: '',
    removeSecret: false,
  };
}

function bodyOf(v: Values): ChannelInputBody {
  const base = { name: v.name, enabled: v.enabled };
  if (v.type === 'email') return { ...base, type: 'email', settings: { to: v.to, userIds: v.userIds.map(Number) } };
  // Omitted keeps the stored secret, null removes it (docs/notifications.md "Channels").
  const secret = v.removeSecret ? null : v.secret ? v.secret : undefined;
  return { ...base, type: 'webhook', settings: { url: v.url, format: v.format, ...(secret !== undefined && { secret }) } };
}

export function ChannelFormModal({ channel, onClose }: { channel?: Channel; onClose: () => void }) {
  const [values, setValues] = useState(() => initialValues(channel));
  const save = useSaveChannel();
  const users = useQuery(notificationQueries.users());
  const errors = formErrors(save.error, (path) => channelFields.includes(path));
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));
  const secretSet = channel?.type === 'webhook' && channel.settings.secretSet;
  const userOptions = (users.data ?? []).map((u) => ({ value: String(u.userId), label: `${u.username} (${u.email})` }));
  // Users named by the channel but not readable (no Users permission) still show, by number.
  for (const id of values.userIds)
    if (!userOptions.some((o) => o.value === id)) userOptions.push({ value: id, label: `User ${id}` });

  return (
    <Modal opened onClose={save.isPending ? () => {} : onClose} title={channel ? 'Edit channel' : 'Add channel'} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ id: channel?.id, body: bodyOf(values) }, { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.fields.name}
          />
          <Select
            label="Type"
            data={(['email', 'webhook'] as const).map((value) => ({ value, label: typeLabels[value] }))}
            value={values.type}
            onChange={(value) => value && set('type', value as ChannelType)}
            allowDeselect={false}
            error={errors.fields.type}
            comboboxProps={{ withinPortal: true }}
          />
          <Switch label="Enabled" checked={values.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} />
          {values.type === 'email' ? (
            <>
              <TagsInput
                label="To"
                description="E-mail addresses; press Enter after each"
                value={values.to}
                onChange={(to) => set('to', to)}
                error={errors.fields['settings.to']}
              />
              <MultiSelect
                label="Users"
                description={users.isError ? 'The user list needs the Users permission' : "Each user's own e-mail address"}
                data={userOptions}
                value={values.userIds}
                onChange={(ids) => set('userIds', ids)}
                searchable
                error={errors.fields['settings.userIds']}
                comboboxProps={{ withinPortal: true }}
              />
            </>
          ) : (
            <>
              <TextInput
                label="URL"
                required
                placeholder="https://"
                value={values.url}
                onChange={(e) => set('url', e.currentTarget.value)}
                error={errors.fields['settings.url']}
              />
              <Select
                label="Format"
                data={(['json', 'slack', 'teams'] as const).map((value) => ({ value, label: formatLabels[value] }))}
                value={values.format}
                onChange={(value) => value && set('format', value as WebhookFormat)}
                allowDeselect={false}
                error={errors.fields['settings.format']}
                comboboxProps={{ withinPortal: true }}
              />
              <PasswordInput
                label="Secret"
                description={
                  secretSet
                    ? 'A secret is set: leave empty to keep it'
                    : 'Optional: requests are then signed (X-BPM-Signature, HMAC-SHA256)'
                }
                placeholder={secretSet ? 'set' : undefined}
                value={values.secret}
                disabled={values.removeSecret}
                onChange={(e) => set('secret', e.currentTarget.value)}
                error={errors.fields['settings.secret']}
              />
              {secretSet && (
                <Checkbox
                  label="Remove secret"
                  checked={values.removeSecret}
                  onChange={(e) => set('removeSecret', e.currentTarget.checked)}
                />
              )}
            </>
          )}
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
