// The authenticated layout (docs/screens.md (Authenticated layout)): top bar, sidebar, loading bar, the live connection for as long as
// the layout is shown, and the page — or NotFound when the guard found a permission missing.
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLoaderData, useLocation } from 'react-router';
import { NotFoundPage } from '../../features/not-found/components/not-found-page';
import { holdLiveFeed } from '../../live/feed/shared-live-feed';
import type { GuardData } from '../route-guard';
import { initialsOf } from './initials';
import { pageNameFor } from './page-names';
import { FixedSidebar, Sidebar, sidebarShownFrom, sidebarWidthPx, useSidebarAlwaysShown } from './sidebar';
import { SkipLink } from '../../components/ui/skip-link';
import { StaleBanner } from './stale-banner';
import { TopBar } from './top-bar';
import { useCurrentUserInitialsSource } from './use-current-user';
import { useNavigationLoadingBar } from './use-navigation-loading-bar';

export function AppLayout() {
  const { isAllowed } = useLoaderData() as GuardData;
  const { pathname } = useLocation();
  const [isSidebarOpen, sidebar] = useDisclosure(false);
  const user = useCurrentUserInitialsSource();
  const sidebarAlwaysShown = useSidebarAlwaysShown();
  useNavigationLoadingBar();
  // Held with the layout, closed with it; the sign-in may have opened it already (shared-live-feed.ts).
  useEffect(() => holdLiveFeed(), []);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: sidebarWidthPx, breakpoint: sidebarShownFrom, collapsed: { mobile: true } }}
      padding="md"
    >
      <SkipLink targetId="main-content">Skip to main content</SkipLink>
      <AppShell.Header>
        <TopBar
          pageName={isAllowed ? pageNameFor(pathname) : 'Not Found'}
          isSidebarOpen={isSidebarOpen}
          onToggleSidebar={sidebarAlwaysShown ? undefined : sidebar.toggle}
          initials={user ? initialsOf(user.firstName, user.lastName) : ''}
        />
      </AppShell.Header>
      {sidebarAlwaysShown ? <FixedSidebar /> : <Sidebar opened={isSidebarOpen} onClose={sidebar.close} />}
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <StaleBanner />
        {isAllowed ? <Outlet /> : <NotFoundPage />}
      </AppShell.Main>
    </AppShell>
  );
}
