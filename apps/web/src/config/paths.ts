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
