// The route table of docs/screens.md (Route list): every screen, its guard and its permission. Login is in the main bundle;
// the signed-in layout with the Dashboard is one chunk, fetched as soon as Login is clicked (while the sign-in is
// answered), and every other screen is its own chunk, loaded when its route is first visited
// (docs/operator-screen.md "Light first load"): add new screens the same way, with `lazy`.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { LoginPage } from '../features/auth/components/login-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { FullPageLoader } from './layout/full-page-loader';
import { guardLoader } from './route-guard';

/** The signed-in layout and the Dashboard (one chunk, see signed-in-screens.ts); the promise is kept, so a second call costs nothing. */
let signedInScreens: Promise<typeof import('./signed-in-screens')> | undefined;
export function loadSignedInScreens() {
  signedInScreens ??= import('./signed-in-screens');
  return signedInScreens;
}

export function appRoutes(): RouteObject[] {
  return [
    {
      path: paths.login,
      element: (
        <LoginPage
          // The live worker starts while the sign-in is answered, and the socket opens as soon as it is, beside
          // the guard's requests (docs/decisions/dashboard.md#socket-opened-at-the-sign-in); the stores wait for the Dashboard's
          // first commit (docs/decisions/dashboard.md#sign-in-hold). The chunk's import starts in a task after the click's:
          // adding its ~50 modulepreload links took as long as the click's own render, and the two made one long task
          // (docs/decisions/dashboard.md#signed-in-chunk).
          onSigningIn={() => setTimeout(() => void loadSignedInScreens().then((screens) => screens.prepareLiveWorker()))}
          onSignedIn={() =>
            void loadSignedInScreens().then((screens) => {
              screens.holdLiveStoresForSignIn();
              screens.openLiveFeedEarly();
            })
          }
        />
      ),
    },
    {
      path: paths.home,
      lazy: async () => ({ Component: (await loadSignedInScreens()).AppLayout }),
      // The guard runs on every navigation inside the layout, not only when the layout first matches, except the
      // index's own redirect from "/" to the Dashboard: the guard has just run for "/", which needs what the
      // Dashboard needs (no permission), and asking again put two more round trips before the first rows.
      loader: guardLoader,
      shouldRevalidate: ({ currentUrl, nextUrl }) =>
        !(currentUrl.pathname === paths.home && nextUrl.pathname === paths.dashboard),
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        { index: true, element: <Navigate to={paths.dashboard} replace /> },
        { path: paths.dashboard, lazy: async () => ({ Component: (await loadSignedInScreens()).DashboardPage }) },
        {
          path: paths.alarms,
          lazy: async () => ({ Component: (await import('../features/alarms/components/alarms-page')).AlarmsPage }),
        },
        {
          path: paths.about,
          lazy: async () => ({ Component: (await import('../features/about/components/about-page')).AboutPage }),
        },
        {
          path: paths.account,
          lazy: async () => ({ Component: (await import('../features/account/components/account-page')).AccountPage }),
        },
        {
          path: paths.keys,
          lazy: async () => ({ Component: (await import('../features/keys/components/keys-page')).KeysPage }),
        },
        {
          path: paths.users,
          lazy: async () => ({ Component: (await import('../features/users/components/users-page')).UsersPage }),
        },
        {
          path: paths.roles,
          lazy: async () => ({ Component: (await import('../features/roles/components/roles-page')).RolesPage }),
        },
        {
          path: paths.settingsPermissions,
          lazy: async () => ({
            Component: (await import('../features/roles/components/permissions-redirect')).PermissionsRedirect,
          }),
        },
        {
          path: paths.logs,
          lazy: async () => ({ Component: (await import('../features/logs/components/logs-page')).LogsPage }),
        },
        {
          path: paths.packs,
          lazy: async () => ({ Component: (await import('../features/packs/components/packs-page')).PacksPage }),
        },
        {
          path: paths.pack,
          lazy: async () => ({ Component: (await import('../features/packs/components/pack-page')).PackPage }),
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
