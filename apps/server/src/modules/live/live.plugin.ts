// The live module: one hub per app (decorated as liveHub, so the probes module can publish to it),
// its flush and ping timers, and the WebSocket route at "/".
import { liveTiming } from '@bpm/protocol';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveHub } from './hub.js';
import { liveRoutes } from './live.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

export interface LiveModuleOptions {
  flushIntervalMs?: number;
  /** Above this a socket's updates coalesce until it drains (docs/live-feed.md (Server rules)). */
  maxBufferedBytes?: number;
  pingIntervalMs?: number;
  /** How often open sockets' sessions and keys are checked again; defaults to the ping interval. */
  credentialRecheckMs?: number;
}

export const liveModule = fp(
  async (app: FastifyInstance, options: LiveModuleOptions) => {
    const hub = new LiveHub({
      flushIntervalMs: options.flushIntervalMs ?? liveTiming.flushIntervalMs,
      maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
    });
    app.decorate('liveHub', hub);
    if (!app.hasDecorator('websocketServer')) {
      // Clients send nothing (docs/live-feed.md (Connecting)), so a tiny payload limit; no compression: it costs CPU per socket.
      await app.register(websocket, { options: { maxPayload: 4096, perMessageDeflate: false } });
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
      credentialRecheckMs: options.credentialRecheckMs ?? options.pingIntervalMs ?? liveTiming.pingIntervalMs,
    });
  },
  { name: 'bpm-live', dependencies: ['bpm-principal'] },
);
