// The page name shown after "BPM / " in the top bar, per route (docs/screens.md (Route list)).
import { paths } from '../../config/paths';

const pageNames: Readonly<Record<string, string>> = {
  // "/" is the Dashboard too (it redirects there): the layout renders at "/" before the redirect, and the top bar
  // read "BPM / Not Found" for that moment after every sign-in.
  [paths.home]: 'Dashboard',
  [paths.dashboard]: 'Dashboard',
  [paths.alarms]: 'Alarms',
  [paths.plant]: 'Plant',
  [paths.about]: 'About',
  [paths.account]: 'Account',
  [paths.keys]: 'API keys',
  [paths.users]: 'Users',
  [paths.roles]: 'Roles',
  [paths.logs]: 'Logs',
  [paths.notifications]: 'Notifications',
  [paths.packs]: 'Battery packs',
};

export function pageNameFor(pathname: string): string {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (normalised.startsWith(`${paths.packs}/`)) return 'Battery pack';
  return pageNames[normalised] ?? 'Not Found';
}
