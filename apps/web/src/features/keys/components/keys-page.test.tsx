import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { json, stubFetch } from '../../../testing/fetch-routes';
import { KeysPage } from './keys-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const day = 24 * 3600 * 1000;
const key = (id: number, name: string, expiresInMs: number) => ({
  id,
  name,
  expirationDate: new Date(Date.now() + expiresInMs).toISOString(),
  creationDate: '2026-01-01T00:00:00.000Z',
  updateDate: '2026-01-01T00:00:00.000Z',
});

describe('KeysPage', () => {
  it('says how to start when there are no keys', async () => {
    stubFetch({ 'GET /keys': json([]) });
    renderWithProviders(<KeysPage />);
    expect(
      await screen.findByText('No API keys found. Click the "Generate" button to create a new API key.'),
    ).toBeInTheDocument();
  });

  it('marks expired keys with an Expired pill', async () => {
    stubFetch({ 'GET /keys': json([key(1, 'old gateway', -day), key(2, 'new gateway', day)]) });
    renderWithProviders(<KeysPage />);
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]!).getByText('Expired')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Expired')).not.toBeInTheDocument();
    expect(within(rows[1]!).getAllByText('Expiration')).toHaveLength(1);
    // The expiration date in the one date format (docs/screens.md (Dates and times)).
    expect(within(rows[1]!).getByText(/^\d{4}-\d{2}-\d{2}$/)).toBeInTheDocument();
  });

  it('says "Failed to fetch API keys" when the list fails', async () => {
    stubFetch({ 'GET /keys': json({ message: 'boom' }, 500) });
    renderWithProviders(<KeysPage />);
    expect(await screen.findByText('Failed to fetch API keys')).toBeInTheDocument();
  });

  it('shows each validation message and does not send an invalid key', async () => {
    const fetched = stubFetch({ 'GET /keys': json([]) });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<KeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API Key' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAttribute('placeholder', 'Key Name');
    fireEvent.change(within(dialog).getByLabelText(/^Expiration/), { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(within(dialog).getByText('Key name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Expiration date is required')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'gateway' } });
    fireEvent.change(within(dialog).getByLabelText(/^Expiration/), { target: { value: '2020-01-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(within(dialog).getByText('Expiration date must be in the future')).toBeInTheDocument();
    expect(fetched.count('POST /keys')).toBe(0);
  });

  it('generates with tomorrow by default and shows the token and the check command', async () => {
    const created = { ...key(7, 'gateway', day), token: 'bpm_abc123' };
    const fetched = stubFetch({ 'GET /keys': json([]), 'POST /keys': json(created, 201) });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<KeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API Key' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'gateway' } });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));

    const generated = await screen.findByRole('dialog', { name: 'API Key Generated' });
    expect(
      within(generated).getByText("Make sure to copy your api key now. You won't be able to see it again!"),
    ).toBeInTheDocument();
    expect(within(generated).getByText('bpm_abc123')).toBeInTheDocument();
    expect(
      within(generated).getByText(`curl -H "Authorization: Bearer bpm_abc123" ${window.location.origin}/api/keys/check`),
    ).toBeInTheDocument();
    const sent = JSON.parse(String(fetched.calls.find((call) => call.key === 'POST /keys')?.init?.body)) as {
      name: string;
      expirationDate: string;
    };
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(sent.name).toBe('gateway');
    expect(new Date(sent.expirationDate).getDate()).toBe(tomorrow.getDate());
  });

  it('says "Failed to generate API key. Please try again." when generation fails', async () => {
    stubFetch({ 'GET /keys': json([]), 'POST /keys': json({ message: 'no' }, 400) });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<KeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API Key' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'gateway' } });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('Failed to generate API key. Please try again.')).toBeInTheDocument();
  });

  it('deletes a key after the warning naming the Battery Probe Monitor API', async () => {
    const fetched = stubFetch({
      'GET /keys': json([key(3, 'gateway', day)]),
      'DELETE /keys/3': new Response(null, { status: 204 }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<KeysPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete API Key' });
    expect(
      within(dialog).getByText(
        'Any applications or scripts using this key will no longer be able to access the Battery Probe Monitor API. You cannot undo this action.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete API Key' })).not.toBeInTheDocument());
    expect(fetched.count('DELETE /keys/3')).toBe(1);
    expect(fetched.count('GET /keys')).toBe(2);
  });
});
