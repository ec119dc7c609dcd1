// Single sign-on as the Login page sees it (docs/sso.md): is it configured, and where its button goes.
import type { SsoStatus } from '@bpm/protocol';
import { apiBaseUrl } from '../../../lib/api-base-url';
import { apiRequest } from '../../../lib/api-client';

export const getSsoStatus = () => apiRequest<SsoStatus>('/auth/oidc');

/** A navigation, not a fetch: the server redirects to the identity provider. */
export const ssoLoginUrl = () => `${apiBaseUrl()}/auth/oidc/login`;
