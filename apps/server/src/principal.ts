// Who is calling (docs/architecture-server.md "Access"): resolved by plugins/access.ts from a session cookie or
// an API key, and passed to the services that decide by it. Apart from access.ts so that the services it
// looks callers up with do not import it back.
import type { PermissionLevel, PermissionName } from '@bpm/protocol';

export interface Principal {
  userId: number;
  username: string;
  roleId: number;
  /** The role's permissions at this moment: a key acts with its owner's current permissions. */
  permissions: Map<PermissionName, PermissionLevel>;
  via: 'session' | 'apiKey';
  sessionId?: number;
  keyId?: number;
  keyName?: string;
  keyExpirationDate?: string;
}
