// What a 401 from any query or mutation does (docs/decisions/web-frame.md#401-signs-out): forget this tab's session and
// go to Login, unless already there (the login page's own checks answer 401 while signed out).
import type { DataRouter } from 'react-router';
import { paths } from '../config/paths';
import { forgetSession } from '../session/end-session';

export function signOutTo(router: Pick<DataRouter, 'state' | 'navigate'>): () => void {
  return () => {
    if (router.state.location.pathname === paths.login) return;
    forgetSession();
    void router.navigate(paths.login);
  };
}
