// The live feed at "/" (docs/live-feed.md (Connecting)): authenticate and check Origin at the upgrade, then hand the socket
// to the hub. Nothing the browser sends changes state. A plain GET / is the web app.
import { compactSubprotocol } from '@bpm/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../errors.js';
import { isAllowedOrigin } from '../../plugins/security.js';
import type { LiveHub } from './hub.js';
import type { LiveSessions } from './live-sessions.js';

async function checkUpgrade(request: FastifyRequest): Promise<void> {
  if (!request.ws) return;
  // plugins/access.ts's root onRequest hook has already resolved the session cookie or Bearer key.
  if (!request.principal) throw new UnauthorizedError();
  if (!isAllowedOrigin(request)) throw new ForbiddenError('Origin not allowed');
}

export async function liveRoutes(
  app: FastifyInstance,
  options: { hub: LiveHub; sessions: LiveSessions; credentialRecheckMs: number },
): Promise<void> {
  const { hub, sessions } = options;
  // Changes to credentials close the sockets concerned at once (live-sessions.ts); this slow timer catches
  // sessions and keys that simply expire.
  let recheckTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    recheckTimer = setInterval(() => void sessions.recheck(), options.credentialRecheckMs);
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
      // The subprotocol was chosen at the upgrade (live.plugin.ts): compact if the client asked for it.
      hub.addClient(socket, socket.protocol === compactSubprotocol ? 'compact' : 'spec');
      sessions.add(socket, request);
      socket.on('pong', () => hub.markAlive(socket));
      socket.on('close', () => {
        sessions.remove(socket);
        hub.removeClient(socket);
      });
      request.log.info({ user: request.principal?.username }, 'live feed connected');
    },
  });
}
