// The route guard of docs/screens.md (Route guard): login check → refresh permission names → required permission held?
// A missing permission shows NotFound; a failed login check or any exception sends the user to Login.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../config/paths';
import { isSignedIn } from '../session/login-status';
import { getMyRole } from '../lib/api-client';
import { refreshPermissionNames } from '../session/permission-store';
import { requiredPermissionFor } from './route-permissions';

export type GuardDecision = 'allowed' | 'not-found' | 'login';

export async function decideRoute(pathname: string): Promise<GuardDecision> {
  // Both requests go out at once, a round trip less before every page, the sign-in's first rows among them
  // (docs/decisions/dashboard.md#route-guard-requests-in-parallel); the role's answer is looked at only after the login check
  // said OK.
  const myRole = getMyRole();
  myRole.catch(() => {}); // not looked at when the login check fails; refreshPermissionNames handles it otherwise
  try {
    if (!(await isSignedIn())) return 'login';
    const names = await refreshPermissionNames(myRole);
    const required = requiredPermissionFor(pathname);
    return required && !names.includes(required) ? 'not-found' : 'allowed';
  } catch (error) {
    console.error('Route guard failed', error);
    return 'login';
  }
}

export interface GuardData {
  isAllowed: boolean;
}

/** Loader of the authenticated layout; it runs on every navigation (see shouldRevalidate in router.tsx). */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<GuardData> {
  const decision = await decideRoute(new URL(request.url).pathname);
  if (decision === 'login') throw redirect(paths.login);
  return { isAllowed: decision === 'allowed' };
}
