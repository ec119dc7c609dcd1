// The live feed at "/" (docs/live-feed.md (Connecting)): authenticate and check Origin at the upgrade, then hand the socket
// to the hub. Nothing the browser sends changes state. A plain GET / is the web app.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { sendError } from '../../plugins/error-handler.js';
import { resolvePrincipal } from '../../plugins/access.js';
import { isAllowedOrigin } from '../../plugins/security.js';
import type { LiveHub } from './hub.js';

async function checkUpgrade(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.ws) return;
  // plugins/access.ts's root onRequest hook has already resolved the session cookie or Bearer key.
  if (!request.principal) await sendError(reply, 401, 'Authentication required');
  else if (!isAllowedOrigin(request)) await sendError(reply, 403, 'Origin not allowed');
}

/** WebSocket close code for "your credentials are gone" (RFC 6455 policy violation). */
export const credentialsEndedCloseCode = 1008;

export async function liveRoutes(app: FastifyInstance, options: { hub: LiveHub; credentialRecheckMs: number }): Promise<void> {
  const hub = options.hub;
  // A socket outlives the request that opened it: after a logout, a password change elsewhere, a
  // deleted user or an expired key it must stop receiving plant data, so every open socket's
  // credentials (the upgrade request's cookie or key) are checked again on a timer.
  const openSockets = new Map<WebSocket, FastifyRequest>();
  const recheckCredentials = async () => {
    for (const [socket, request] of openSockets) {
      const principal = await resolvePrincipal(request).catch(() => null);
      if (principal || !openSockets.has(socket)) continue;
      openSockets.delete(socket);
      request.log.info({ user: request.principal?.username }, 'live feed closed: credentials ended');
      socket.close(credentialsEndedCloseCode, 'Credentials ended');
    }
  };
  let recheckTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    recheckTimer = setInterval(() => void recheckCredentials(), options.credentialRecheckMs);
    recheckTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(recheckTimer));

  app.route({
    method: 'GET',
    url: '/',
    schema: { hide: true },
    preValidation: checkUpgrade,
    handler: (_request, reply) => reply.sendWebApp(),
    wsHandler: (socket, request) => {
      hub.addClient(socket);
      openSockets.set(socket, request);
      socket.on('pong', () => hub.markAlive(socket));
      socket.on('close', () => {
        openSockets.delete(socket);
        hub.removeClient(socket);
      });
      request.log.info({ user: request.principal?.username }, 'live feed connected');
    },
  });
}
