// The live module: one hub per app (decorated as liveHub, so the probes module can publish to it),
// its flush and ping timers, and the WebSocket route at "/".
import { compactSubprotocol, liveTiming } from '@bpm/protocol';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveHub } from './hub.js';
import type { HubScheduler } from './hub-scheduler.js';
import { LiveSessions } from './live-sessions.js';
import { liveRoutes } from './live.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
    /** Open sockets by credentials: call credentialsChanged() after anything that ends or changes them. */
    liveSessions: LiveSessions;
  }
}

export interface LiveModuleOptions {
  flushIntervalMs?: number;
  /** Above this a socket's updates coalesce until it drains (docs/live-feed.md (Server rules)). */
  maxBufferedBytes?: number;
  pingIntervalMs?: number;
  /** How often open sockets' sessions and keys are checked again; defaults to the ping interval. */
  credentialRecheckMs?: number;
  /** When the hub flushes (default: setInterval and event-loop turns; tests inject a fake clock). */
  scheduler?: HubScheduler;
}

export const liveModule = fp(
  async (app: FastifyInstance, options: LiveModuleOptions) => {
    const hub = new LiveHub(
      {
        flushIntervalMs: options.flushIntervalMs ?? liveTiming.flushIntervalMs,
        maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
      },
      options.scheduler,
    );
    app.decorate('liveHub', hub);
    const sessions = new LiveSessions();
    app.decorate('liveSessions', sessions);
    if (!app.hasDecorator('websocketServer')) {
      // Clients send nothing (docs/live-feed.md (Connecting)), so a tiny payload limit.
      // The one subprotocol offered is the compact format (docs/live-feed-compact.md); a client that asks
      // for nothing (or for anything else) gets the spec's messages. permessage-deflate is negotiated but
      // used only for compact snapshot parts after part 0 (once per connect, in zlib's thread pool): every flush goes out
      // uncompressed, so no per-socket CPU per flush (docs/decisions/live-format.md#compression). A small window keeps
      // each socket's deflate state at ~32 KB.
      await app.register(websocket, {
        options: {
          maxPayload: 4096,
          perMessageDeflate: {
            serverNoContextTakeover: true,
            clientNoContextTakeover: true,
            serverMaxWindowBits: 12,
            // Level 1: half the time of level 6 for ~0.6 instead of ~0.4 MB per 10,000 probes. zlib hands its
            // output back one chunkSize buffer at a time, each through a turn of the event loop: at the default
            // 16 KB a 1 MB snapshot part took ~17 turns, seconds while the loop ingests at full rate. 256 KB holds
            // a deflated part in one or two (docs/decisions/dashboard.md#deflate-in-256-kb-chunks); ws keeps that buffer per
            // socket.
            zlibDeflateOptions: { memLevel: 5, level: 1, chunkSize: 256 * 1024 },
          },
          handleProtocols: (protocols) => (protocols.has(compactSubprotocol) ? compactSubprotocol : false),
        },
      });
    }
    let pingTimer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      hub.start();
      pingTimer = setInterval(() => hub.heartbeat(), options.pingIntervalMs ?? liveTiming.pingIntervalMs);
      pingTimer.unref();
    });
    app.addHook('onClose', async () => {
      hub.stop();
      if (pingTimer) clearInterval(pingTimer);
    });
    await app.register(liveRoutes, {
      hub,
      sessions,
      credentialRecheckMs: options.credentialRecheckMs ?? options.pingIntervalMs ?? liveTiming.pingIntervalMs,
    });
  },
  { name: 'bpm-live', dependencies: ['bpm-principal'] },
);
