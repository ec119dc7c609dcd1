// Security headers (helmet), CORS for the api.{host} face, and the Origin check on cookie-authenticated changes (CSRF).
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { BadRequestError, ForbiddenError } from '../errors.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when `origin` may act on this server: the request's own host, the web host of an `api.` host,
 * or BPM_PUBLIC_HOST and its api. sibling (docs/server.md).
 */
export function originAllowed(origin: string, requestHost: string | undefined, publicHost: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the literal "null" origin of sandboxed pages and file: URLs
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (requestHost) {
    let host: string;
    try {
      // Parsed with the origin's scheme so "localhost:80" and "http://localhost" compare equal.
      host = new URL(`${url.protocol}//${requestHost}`).host;
    } catch {
      host = requestHost.toLowerCase();
    }
    if (url.host === host || (host.startsWith('api.') && url.host === host.slice(4))) return true;
  }
  return publicHost !== undefined && (url.hostname === publicHost || url.hostname === `api.${publicHost}`);
}

/**
 * True when the request carries no Origin (not a browser: scripts, gateways) or an allowed one.
 * The CSRF check additionally requires an Origin on state-changing requests made with the session cookie.
 */
export function isAllowedOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return originAllowed(origin, request.host, request.server.config.publicHost);
}

/** A Host header fit to appear in a CSP source (host, optional port); anything else is left out. */
const cspHost = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * connect-src (docs/security.md "Headers"): the page's own host for the live feed (ws/wss of the Host it was
 * served from, not any ws: host) and, with BPM_PUBLIC_HOST, the api. host.
 */
export function connectSources(requestHost: string | undefined, publicHost: string | undefined): string[] {
  const sources = ["'self'"];
  if (requestHost && cspHost.test(requestHost)) sources.push(`ws://${requestHost}`, `wss://${requestHost}`);
  if (publicHost) {
    for (const scheme of ['http', 'https', 'ws', 'wss'])
      sources.push(`${scheme}://api.${publicHost}`, `${scheme}://api.${publicHost}:*`);
  }
  return sources;
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const { publicHost } = app.config;
    // Built once: @fastify/helmet built helmet's middleware (parsing the CSP directives) again on every request,
    // ~1.3 % of the server's CPU at full ingest (docs/decisions/server.md#helmet-built-once). The headers are the same:
    // helmet applies its options, the per-request connect-src function included, on each call.
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine writes style attributes and <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: [(request) => connectSources(request.headers.host, publicHost).join(' ')],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          // No upgrade-insecure-requests: plain-http deployments on a LAN (and the e2e tests) must keep working.
        },
      },
      // The API is read cross-origin from the web host when BPM_PUBLIC_HOST is set; CORS decides who may.
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    );

    // @fastify/cors answers a preflight without Access-Control-Request-Method in plain text; the API answers JSON.
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'OPTIONS' || request.headers.origin === undefined) return;
      if (request.headers['access-control-request-method'] !== undefined) return;
      throw new BadRequestError('Invalid CORS preflight request: Access-Control-Request-Method is required');
    });

    await app.register(cors, {
      hook: 'onRequest',
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        const allowed = origin !== undefined && originAllowed(origin, request.host, publicHost);
        callback(null, {
          origin: allowed,
          credentials: true,
          methods: ['GET', 'POST', 'PUT', 'DELETE'],
          allowedHeaders: ['Content-Type', 'Authorization'],
          // The web client reads a CSV export's file name (lib/download-file.ts) from the API face too.
          exposedHeaders: ['Content-Disposition'],
          maxAge: 600,
        });
      },
    });

    // Runs after the principal hook (plugins/access.ts registers before this plugin in app.ts), so it knows whether the cookie
    // was used.
    app.addHook('onRequest', async (request) => {
      if (safeMethods.has(request.method)) return;
      if (!isAllowedOrigin(request)) throw new ForbiddenError('Origin not allowed');
      if (request.headers.origin === undefined && request.principal?.via === 'session') {
        throw new ForbiddenError('Origin header required for requests signed in with a cookie');
      }
    });

    // API answers are per user (and sometimes secret, like a new key's token): no browser or proxy may keep them.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'bpm-security', dependencies: ['bpm-principal'] },
);
