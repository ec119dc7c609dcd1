// Providers every screen needs: Mantine (+ notifications, progress bar) and the query client.
import { MantineProvider, type MantineProviderProps } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { theme } from './theme';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /**
   * 'test' in component tests only: Mantine's test mode (no transitions, overlays rendered in place, menus never
   * hidden for a target "out of view"), as its testing guide sets it. jsdom has no layout and a loaded machine
   * lost the races those left open (docs/decisions/testing.md#mantine-in-test-mode).
   */
  mantineEnv?: MantineProviderProps['env'];
}

export function AppProviders({ queryClient, children, mantineEnv }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} env={mantineEnv}>
      <Notifications position="top-right" />
      <NavigationProgress aria-label="Page loading" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
