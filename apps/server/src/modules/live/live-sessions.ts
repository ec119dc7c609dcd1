// Open live sockets and the credentials they were opened with (docs/security.md "Live sockets end with their
// credentials"). Whatever ends or changes credentials — sign-out, a password change, a deleted user or key,
// a role change — calls credentialsChanged(), and the sockets concerned are checked again at once and closed
// when their session or key no longer works; a slow timer still catches sessions and keys that simply expire.
import type { FastifyRequest } from 'fastify';
import { resolvePrincipal } from '../../plugins/access.js';
import type { Principal } from '../../principal.js';

/** WebSocket close code for "your credentials are gone" (RFC 6455 policy violation). */
export const credentialsEndedCloseCode = 1008;

/** Which sockets a change concerns: those of a user, a role, a session or a key; undefined for all. */
export type CredentialChange = { userId: number } | { roleId: number } | { sessionId: number } | { keyId: number };

export interface ClosableSocket {
  close(code: number, reason: string): void;
}

interface Open {
  request: FastifyRequest;
  principal: Principal | null;
}

function concerns(principal: Principal | null, change: CredentialChange | undefined): boolean {
  if (!change || !principal) return true;
  if ('userId' in change) return principal.userId === change.userId;
  if ('roleId' in change) return principal.roleId === change.roleId;
  if ('sessionId' in change) return principal.sessionId === change.sessionId;
  return principal.keyId === change.keyId;
}

export class LiveSessions {
  private readonly open = new Map<ClosableSocket, Open>();
  private readonly changeListeners: Array<(change: CredentialChange) => void> = [];

  get size(): number {
    return this.open.size;
  }

  add(socket: ClosableSocket, request: FastifyRequest): void {
    this.open.set(socket, { request, principal: request.principal });
  }

  remove(socket: ClosableSocket): void {
    this.open.delete(socket);
  }

  /** Told of each change made here once its sockets are checked (cluster mode tells the other instances). */
  onChange(listener: (change: CredentialChange) => void): void {
    this.changeListeners.push(listener);
  }

  /** Credentials changed here: checks the concerned sockets again, then tells the onChange listeners. */
  async credentialsChanged(change?: CredentialChange): Promise<void> {
    await this.recheck(change);
    if (change) for (const listener of this.changeListeners) listener(change);
  }

  /** Checks the concerned sockets' credentials again now; resolves once the ended ones are closed. */
  async recheck(change?: CredentialChange): Promise<void> {
    const checks = [...this.open]
      .filter(([, open]) => concerns(open.principal, change))
      .map(async ([socket, open]) => {
        const principal = await resolvePrincipal(open.request).catch(() => null);
        if (!this.open.has(socket)) return;
        if (principal) {
          open.principal = principal;
          return;
        }
        this.open.delete(socket);
        open.request.log.info({ user: open.principal?.username }, 'live feed closed: credentials ended');
        socket.close(credentialsEndedCloseCode, 'Credentials ended');
      });
    await Promise.all(checks);
  }
}
