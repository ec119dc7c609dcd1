// The route table of docs/screens.md (Route list): every screen, its guard and its permission.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { AboutPage } from '../features/about/components/about-page';
import { AccountPage } from '../features/account/components/account-page';
import { LoginPage } from '../features/auth/components/login-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { KeysPage } from '../features/keys/components/keys-page';
import { LogsPage } from '../features/logs/components/logs-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { PermissionsRedirect } from '../features/roles/components/permissions-redirect';
import { RolesPage } from '../features/roles/components/roles-page';
import { UsersPage } from '../features/users/components/users-page';
import { AppLayout } from './layout/app-layout';
import { FullPageLoader } from './layout/full-page-loader';
import { guardLoader } from './route-guard';

export function appRoutes(): RouteObject[] {
  return [
    { path: paths.login, element: <LoginPage /> },
    {
      path: paths.home,
      element: <AppLayout />,
      // The guard runs on every navigation inside the layout, not only when the layout first matches.
      loader: guardLoader,
      shouldRevalidate: () => true,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        { index: true, element: <Navigate to={paths.dashboard} replace /> },
        { path: paths.dashboard, element: <DashboardPage /> },
        { path: paths.about, element: <AboutPage /> },
        { path: paths.account, element: <AccountPage /> },
        { path: paths.keys, element: <KeysPage /> },
        { path: paths.users, element: <UsersPage /> },
        { path: paths.roles, element: <RolesPage /> },
        { path: paths.settingsPermissions, element: <PermissionsRedirect /> },
        { path: paths.logs, element: <LogsPage /> },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
