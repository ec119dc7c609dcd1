// Renders a component inside the app's providers and a memory router, for component tests.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { signOutTo } from '../app/sign-out';
import { createQueryClient } from '../lib/query-client';

export interface RenderOptions {
  route?: string;
  path?: string;
  /** Lets a 401 sign out as in the app (main.tsx); off by default so tests see the page's own reaction. */
  isSigningOutOn401?: boolean;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', isSigningOutOn401 = false }: RenderOptions = {},
) {
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [route] });
  const queryClient = createQueryClient({ onUnauthorized: isSigningOutOn401 ? signOutTo(router) : undefined });
  return {
    queryClient,
    router,
    ...render(
      <AppProviders queryClient={queryClient} mantineEnv="test">
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}
