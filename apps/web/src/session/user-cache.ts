// The "user" session-storage copy of the signed-in user (docs/data-model.md (User)): firstName, lastName,
// username, email and permissions. The top bar shows initials from it before GET /users/@me answers.
import type { PermissionName, User } from '@bpm/protocol';

export const userCacheKey = 'user';

export interface CachedUser {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  permissions: PermissionName[];
}

export function writeUserCache(
  user: Pick<User, 'firstName' | 'lastName' | 'username' | 'email'>,
  permissions: readonly PermissionName[],
): void {
  const cached: CachedUser = {
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    permissions: [...permissions],
  };
  sessionStorage.setItem(userCacheKey, JSON.stringify(cached));
}

export function readUserCache(): CachedUser | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(userCacheKey) ?? 'null') as Partial<CachedUser> | null;
    if (!parsed || typeof parsed.firstName !== 'string' || typeof parsed.lastName !== 'string') return null;
    return parsed as CachedUser;
  } catch {
    return null;
  }
}
