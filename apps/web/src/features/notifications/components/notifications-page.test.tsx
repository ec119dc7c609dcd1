import type { Channel, Delivery, Rule } from '@bpm/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/fetch-routes';
import { roleWithPermissions } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { NotificationsPage } from './notifications-page';

const at = '2026-01-01T12:00:00.000Z';
const hook: Channel = {
  id: 1,
  name: 'Night shift hook',
  type: 'webhook',
  enabled: true,
  settings: { url: 'https://hooks.plant.test/bpm', format: 'slack', secretSet: true },
  createdAt: at,
  updatedAt: at,
};
const mail: Channel = {
  id: 2,
  name: 'Plant manager',
  type: 'email',
  enabled: false,
  settings: { to: ['manager@plant.test'], userIds: [] },
  createdAt: at,
  updatedAt: at,
};
const rule: Rule = {
  id: 5,
  name: 'Critical at night',
  enabled: true,
  match: { eventTypes: ['Critical'] },
  steps: [
    { afterMinutes: 0, channelIds: [1] },
    { afterMinutes: 15, channelIds: [2] },
  ],
  repeatMinutes: 30,
  notifyCleared: true,
  groupSeconds: 30,
  createdAt: at,
  updatedAt: at,
};
const failed: Delivery = {
  id: 9,
  kind: 'alarm',
  status: 'failed',
  ruleId: 5,
  ruleName: 'Critical at night',
  step: 2,
  repeat: 0,
  channelId: 2,
  channelName: 'Plant manager',
  channelType: 'email',
  alarmIds: [41, 42],
  alarmCount: 25,
  attempts: 3,
  lastError: '550 mailbox unavailable',
  createdAt: at,
  nextAttemptAt: null,
  sentAt: null,
};

function serve(level: 'READ' | 'DELETE', extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /roles/@me': json(roleWithPermissions(['Notifications'], level)),
    'GET /notification-channels': json([hook, mail]),
    'GET /notification-rules': json([rule]),
    'GET /notifications': json([failed]),
    'GET /users': json([]),
    ...extra,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsPage', () => {
  it('lists the channels, and Send test shows the outcome: sent, or the receiver’s error', async () => {
    let outcome = { deliveryId: 3, status: 'sent', error: null as string | null };
    serve('DELETE', { 'POST /notification-channels/1/test': () => json(outcome) });
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    const card = await screen.findByRole('region', { name: 'Channel Night shift hook' });
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Send test to Night shift hook' })).toBeEnabled());
    expect(within(card).getByText('https://hooks.plant.test/bpm · Slack')).toBeInTheDocument();
    expect(within(card).getByText('Secret set')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Channel Plant manager' })).toHaveTextContent('Disabled');

    await userEvent.click(within(card).getByRole('button', { name: 'Send test to Night shift hook' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Test message sent');
    outcome = { deliveryId: 4, status: 'failed', error: 'HTTP 404 Not Found' };
    await userEvent.click(within(card).getByRole('button', { name: 'Send test to Night shift hook' }));
    expect(await within(card).findByText('Test message failed: HTTP 404 Not Found')).toBeInTheDocument();
  });

  it('shows the API’s validation errors under the fields, and keeps a set secret unless replaced', async () => {
    const calls = serve('DELETE', {
      'PUT /notification-channels/1': json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'url must be an http or https address',
          details: [{ path: 'settings.url', message: 'url must be an http or https address' }],
        },
        400,
      ),
    });
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    const edit = () => screen.getByRole('button', { name: 'Edit Night shift hook' });
    // Enabled once the caller's role is read (a disabled button is another element, in a tooltip's wrapper).
    await waitFor(() => expect(edit()).toBeEnabled());
    await userEvent.click(edit());
    const dialog = await screen.findByRole('dialog', { name: 'Edit channel' });
    expect(within(dialog).getByText('A secret is set: leave empty to keep it')).toBeInTheDocument();
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await userEvent.clear(url);
    await userEvent.paste('ftp://files.plant.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('url must be an http or https address')).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    const sent = JSON.parse(String(calls.calls.find((c) => c.key === 'PUT /notification-channels/1')!.init!.body));
    expect(sent).toEqual({
      name: 'Night shift hook',
      type: 'webhook',
      enabled: true,
      settings: { url: 'ftp://files.plant.test', format: 'slack' },
    });
  });

  it('disables adding, changing and deleting for a role that may only read', async () => {
    serve('READ');
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    await screen.findByRole('region', { name: 'Channel Night shift hook' });
    expect(screen.getByRole('button', { name: 'Add channel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send test to Night shift hook' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Plant manager' })).toBeDisabled();
  });

  it('shows a rule’s steps as a timeline, and the delivery log with its error', async () => {
    serve('DELETE');
    renderWithProviders(<NotificationsPage />, { route: '/notifications?tab=rules' });
    const card = await screen.findByRole('region', { name: 'Rule Critical at night' });
    expect(within(card).getByText('Step 1: at once')).toBeInTheDocument();
    expect(within(card).getByText('Step 2: after 15 min')).toBeInTheDocument();
    expect(within(card).getByText('Plant manager')).toBeInTheDocument();
    expect(within(card).getByText('Repeat every 30 min')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Delivery log' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const row = within(log).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('Critical at night: step 2');
    expect(row).toHaveTextContent('#41, #42 and 23 more');
    expect(row).toHaveTextContent('550 mailbox unavailable');
  });
});
