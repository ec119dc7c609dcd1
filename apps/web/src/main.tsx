// Entry point: styles, providers and the router.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './app/accessibility.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { paths } from './config/paths';
import { createQueryClient } from './lib/query-client';
import { forgetSession } from './session/end-session';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
const router = createAppRouter();
const queryClient = createQueryClient({
  onUnauthorized: () => {
    if (router.state.location.pathname === paths.login) return;
    forgetSession();
    void router.navigate(paths.login);
  },
});
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
