// Renders a component inside the app's providers and a memory router, for component tests.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

export function renderWithProviders(ui: ReactElement, { route = '/', path = '*' }: { route?: string; path?: string } = {}) {
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [route] });
  const queryClient = createQueryClient();
  return { queryClient, router, ...render(<AppProviders queryClient={queryClient}><RouterProvider router={router} /></AppProviders>) };
}
