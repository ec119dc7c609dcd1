// The route table of docs/screens.md (Route list): every screen, its guard and its permission. Login is in the main bundle;
// the signed-in layout with the Dashboard is one chunk, fetched as soon as Login is clicked (while the sign-in is
// answered), and every other screen is its own chunk, loaded when its route is first visited
// (docs/operator-screen.md "Light first load"): add new screens the same way, with `lazy`.
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
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

/** Every other screen's chunk, imported on first visit, and all of them once the layout is idle (prefetchPages). */
const pages = {
  alarmsPage: () => import('../features/alarms/components/alarms-page'),
  plantPage: () => import('../features/dashboard/plant/plant-page'),
  aboutPage: () => import('../features/about/components/about-page'),
  accountPage: () => import('../features/account/components/account-page'),
  keysPage: () => import('../features/keys/components/keys-page'),
  usersPage: () => import('../features/users/components/users-page'),
  rolesPage: () => import('../features/roles/components/roles-page'),
  permissionsRedirect: () => import('../features/roles/components/permissions-redirect'),
  logsPage: () => import('../features/logs/components/logs-page'),
  notificationsPage: () => import('../features/notifications/components/notifications-page'),
  packsPage: () => import('../features/packs/components/packs-page'),
  packPage: () => import('../features/packs/components/pack-page'),
};

/**
 * A while after the layout loaded, when the browser is idle, every screen's chunk is fetched: a page opened during a
 * server outage then opens inside the layout under the "Live data lost" banner, instead of failing on its chunk
 * (docs/screens.md (Route guard)). Late and idle, so the Dashboard's first seconds are not shared with ~0.3 s of
 * compiling screens that may never open (docs/decisions/web-frame.md (Prefetch screens when idle)).
 */
const screensPrefetchDelayMs = 20_000;
let pagesPrefetched = false;
function prefetchPages(): void {
  if (pagesPrefetched || typeof requestIdleCallback !== 'function') return;
  pagesPrefetched = true;
  const importAll = () => Object.values(pages).forEach((load) => void load().catch(() => {}));
  setTimeout(() => requestIdleCallback(importAll), screensPrefetchDelayMs);
}

/**
 * Fetches the chunks of the page at `path` (Login's `next`) while the sign-in is answered, as the signed-in chunk is:
 * a sign-in that lands on the Plant page waited for its chunk after the login answer
 * (docs/decisions/plant.md#first-tiles-after-sign-in).
 */
function prefetchPageAt(routes: RouteObject[], path: string): void {
  // The layout's own chunk is the signed-in one, already asked for.
  for (const { route } of matchRoutes(routes, path) ?? []) {
    if (route.path !== paths.home && typeof route.lazy === 'function') void route.lazy().catch(() => {});
  }
}

export function appRoutes(): RouteObject[] {
  const routes: RouteObject[] = [
    {
      path: paths.login,
      element: (
        <LoginPage
          // The signed-in chunk loads while the sign-in is answered, and the socket opens as soon as it is, beside
          // the guard's requests (docs/decisions/dashboard.md#socket-opened-at-the-sign-in); the stores wait for the Dashboard's
          // first commit (docs/decisions/dashboard.md#sign-in-hold). The chunk's import starts in a task after the click's:
          // adding its ~50 modulepreload links took as long as the click's own render, and the two made one long task
          // (docs/decisions/dashboard.md#signed-in-chunk).
          onSigningIn={(target) =>
            setTimeout(() => {
              void loadSignedInScreens();
              prefetchPageAt(routes, target);
            })
          }
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
      lazy: async () => {
        const { AppLayout } = await loadSignedInScreens();
        prefetchPages();
        return { Component: AppLayout };
      },
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
          lazy: async () => ({ Component: (await pages.alarmsPage()).AlarmsPage }),
        },
        {
          path: paths.plant,
          lazy: async () => ({ Component: (await pages.plantPage()).PlantPage }),
        },
        {
          path: paths.about,
          lazy: async () => ({ Component: (await pages.aboutPage()).AboutPage }),
        },
        {
          path: paths.account,
          lazy: async () => ({ Component: (await pages.accountPage()).AccountPage }),
        },
        {
          path: paths.keys,
          lazy: async () => ({ Component: (await pages.keysPage()).KeysPage }),
        },
        {
          path: paths.users,
          lazy: async () => ({ Component: (await pages.usersPage()).UsersPage }),
        },
        {
          path: paths.roles,
          lazy: async () => ({ Component: (await pages.rolesPage()).RolesPage }),
        },
        {
          path: paths.settingsPermissions,
          lazy: async () => ({
            Component: (await pages.permissionsRedirect()).PermissionsRedirect,
          }),
        },
        {
          path: paths.logs,
          lazy: async () => ({ Component: (await pages.logsPage()).LogsPage }),
        },
        {
          path: paths.notifications,
          lazy: async () => ({ Component: (await pages.notificationsPage()).NotificationsPage }),
        },
        {
          path: paths.packs,
          lazy: async () => ({ Component: (await pages.packsPage()).PacksPage }),
        },
        {
          path: paths.pack,
          lazy: async () => ({ Component: (await pages.packPage()).PackPage }),
        },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ];
  return routes;
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
