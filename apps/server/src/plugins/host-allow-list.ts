// With BPM_PUBLIC_HOST set, the server answers only to the names it is reached by (docs/security.md "Headers"):
// that host, api.{host}, and localhost or a loopback address (the box itself). Any other Host is answered 421,
// so a DNS-rebinding page or a forged Host cannot speak to it. Health and metrics answer any Host: load
// balancers and scrapers address an instance by its own IP.
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MisdirectedRequestError } from '../errors.js';

const anyHostPaths = /^\/api\/(health\/(live|ready)|metrics)(\?|$)/;

function isLoopback(hostname: string): boolean {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return isIP(bare) === 6 && (bare === '::1' || bare.toLowerCase() === '::ffff:127.0.0.1');
}

/** True when a request naming `hostname` (no port) may be answered by a server published as `publicHost`. */
export function hostAllowed(hostname: string, publicHost: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === publicHost || name === `api.${publicHost}` || name === 'localhost' || isLoopback(name);
}

export const hostAllowListPlugin = fp(
  async (app: FastifyInstance) => {
    const { publicHost } = app.config;
    if (!publicHost) return;
    app.addHook('onRequest', async (request) => {
      if (hostAllowed(request.hostname, publicHost) || anyHostPaths.test(request.url)) return;
      throw new MisdirectedRequestError(`This server answers as ${publicHost}, not as the host this request named`);
    });
  },
  { name: 'bpm-host-allow-list' },
);
