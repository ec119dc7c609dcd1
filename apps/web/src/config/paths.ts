// Every route path of the web app, named once (docs/screens.md (Route list)).
export const paths = {
  login: '/login',
  home: '/',
  dashboard: '/dashboard',
  about: '/about',
  account: '/account',
  keys: '/keys',
  users: '/users',
  roles: '/roles',
  logs: '/logs',
  /** Role pills link here in the spec; it redirects to /roles#{id}. */
  settingsPermissions: '/settings/permissions',
} as const;

export const roleHref = (roleId: number) => `${paths.roles}#${roleId}`;
