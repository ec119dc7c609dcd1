// What the Login page says when single sign-on sent the browser back with `?sso={code}` (docs/sso.md (What users see)).
// The words come from this fixed list, never from the address, so a crafted link cannot put text on the page.
import { ssoLoginCodes, type SsoLoginCode } from '@bpm/protocol';

const messages: Record<SsoLoginCode, string> = {
  // design.md §17, verbatim.
  unavailable: 'Single sign-on is not available right now. Sign in with a BPM account.',
  failed: 'Single sign-on did not complete. Try again, or sign in with a BPM account.',
  'no-role': 'Your account at the identity provider is not given a role in BPM. Ask an administrator for access.',
  'no-username': 'The identity provider gave no username or email for your account. Ask an administrator.',
  'username-taken': 'A BPM account with your username already exists and is not managed by single sign-on. Ask an administrator.',
};

export function ssoMessage(code: string | null): string | null {
  return code !== null && (ssoLoginCodes as readonly string[]).includes(code) ? messages[code as SsoLoginCode] : null;
}
