// Sign-in payloads (docs/api.md (Authentication)).
import { z } from 'zod';

export const loginRequestSchema = z.strictObject({
  username: z.string({ error: 'Username is required' }).min(1, 'Username is required').max(100),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** GET /auth/oidc (docs/sso.md): whether the login page offers single sign-on, and the button's words. */
export const ssoStatusSchema = z.object({ configured: z.boolean(), displayName: z.string().nullable() });
export type SsoStatus = z.infer<typeof ssoStatusSchema>;

/** Why single sign-on sent the browser back to Login: `/login?sso={code}` (docs/sso.md (What users see)). */
export const ssoLoginCodes = ['unavailable', 'failed', 'no-role', 'no-username', 'username-taken'] as const;
export type SsoLoginCode = (typeof ssoLoginCodes)[number];
