// The route guard of docs/screens.md (Route guard): login check → refresh permission names → required permission held?
// A missing permission shows NotFound; a 401 from the login check sends the user to Login, no answer keeps them in.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { loginHref } from '../config/paths';
import { isSignedIn } from '../session/login-status';
import { getMyRole } from '../lib/api-client';
import { readPermissionCache } from '../session/permission-cache';
import { getPermissionNames, refreshPermissionNames } from '../session/permission-store';
import { requiredPermissionFor } from './route-permissions';

export type GuardDecision = 'allowed' | 'not-found' | 'login';

export async function decideRoute(pathname: string): Promise<GuardDecision> {
  // Both requests go out at once, a round trip less before every page, the sign-in's first rows among them
  // (docs/decisions/dashboard.md#route-guard-requests-in-parallel); the role's answer is looked at only after the login check
  // said OK.
  const myRole = getMyRole();
  myRole.catch(() => {}); // not looked at when the login check fails; refreshPermissionNames handles it otherwise
  let signedIn: boolean;
  try {
    signedIn = await isSignedIn();
  } catch (error) {
    // No answer, or one other than 401 (an outage, a proxy's 502): only a 401 signs out. The user stays in the layout,
    // judged by the names known so far, and the live feed's banner says the data is not live (docs/screens.md (Route guard)).
    console.warn('Login check failed; the session is kept', error);
    return decisionFor(pathname, knownPermissionNames());
  }
  if (!signedIn) return 'login';
  try {
    return decisionFor(pathname, await refreshPermissionNames(myRole));
  } catch (error) {
    console.error('Route guard failed', error);
    return 'login';
  }
}

function decisionFor(pathname: string, names: readonly string[]): GuardDecision {
  const required = requiredPermissionFor(pathname);
  return required && !names.includes(required) ? 'not-found' : 'allowed';
}

const knownPermissionNames = (): readonly string[] =>
  getPermissionNames().length > 0 ? getPermissionNames() : (readPermissionCache() ?? []);

export interface GuardData {
  isAllowed: boolean;
}

/**
 * Loader of the authenticated layout; it runs on every navigation (see shouldRevalidate in router.tsx). A signed-out
 * user goes to Login with the page as `next`, where the sign-in then lands.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<GuardData> {
  const url = new URL(request.url);
  const decision = await decideRoute(url.pathname);
  if (decision === 'login') throw redirect(loginHref(`${url.pathname}${url.search}${url.hash}`));
  return { isAllowed: decision === 'allowed' };
}
