// Every route path of the web app, named once (docs/screens.md (Route list)).
export const paths = {
  login: '/login',
  home: '/',
  dashboard: '/dashboard',
  alarms: '/alarms',
  /** The plant at a glance: the Line and Floor views (docs/screens.md (Plant)). */
  plant: '/plant',
  about: '/about',
  account: '/account',
  keys: '/keys',
  users: '/users',
  roles: '/roles',
  logs: '/logs',
  notifications: '/notifications',
  /** "Find a battery pack" (docs/history.md), and each pack's journey at /packs/{packId}. */
  packs: '/packs',
  pack: '/packs/:packId',
  /** Role pills link here in the spec; it redirects to /roles#{id}. */
  settingsPermissions: '/settings/permissions',
} as const;

export const roleHref = (roleId: number) => `${paths.roles}#${roleId}`;
export const packHref = (packId: number) => `${paths.packs}/${packId}`;

/**
 * Login, keeping where the user was going as `?next=` (the route guard's way there): the sign-in lands on that page
 * (docs/screens.md (Login)). The Dashboard, where a sign-in lands anyway, is left out.
 */
export function loginHref(next: string): string {
  return next === paths.home || next === paths.dashboard ? paths.login : `${paths.login}?next=${encodeURIComponent(next)}`;
}

/**
 * Where a sign-in goes: Login's `next` when it is a page of this app, else "/". Anything that could leave the app
 * ("//host", "/\\host", a scheme) or loop back to Login goes to "/".
 */
export function pathAfterSignIn(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.home;
  const url = new URL(next, 'http://app.invalid');
  if (url.origin !== 'http://app.invalid' || url.pathname === paths.login) return paths.home;
  return `${url.pathname}${url.search}${url.hash}`;
}
