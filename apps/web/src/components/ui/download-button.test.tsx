// An Export CSV button whose session has ended goes to the sign-in page like any other call, without the
// failure alert; another failure says so in an alert.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { apiFile } from '../../lib/api-client';
import { json, stubFetch } from '../../testing/fetch-routes';
import { renderWithProviders } from '../../testing/render';
import { DownloadButton } from './download-button';

let alert: ReturnType<typeof vi.fn>;

beforeEach(() => {
  alert = vi.fn();
  vi.stubGlobal('alert', alert);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('a 401 on export signs out', async () => {
  sessionStorage.setItem('user', '{"firstName":"Ada"}');
  const fetch = stubFetch({ 'GET /alarms.csv': json({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, 401) });
  const { router } = renderWithProviders(<DownloadButton getFile={() => apiFile('/alarms.csv?probeID=P-1')}>Export CSV</DownloadButton>, {
    route: '/alarms',
    isSigningOutOn401: true,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(fetch.count('GET /alarms.csv')).toBe(1);
  expect(sessionStorage.getItem('user')).toBeNull();
  expect(alert).not.toHaveBeenCalled();
});

it('another failure stays on the page and says so', async () => {
  stubFetch({ 'GET /alarms.csv': json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, 500) });
  const { router } = renderWithProviders(<DownloadButton getFile={() => apiFile('/alarms.csv')}>Export CSV</DownloadButton>, {
    route: '/alarms',
    isSigningOutOn401: true,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to download the file. Please try again.'));
  expect(router.state.location.pathname).toBe('/alarms');
});
