// One coloured line per request: method, path, status, duration (docs/storage.md (System logs)). Never the query string,
// cookies or Authorization: the path is cut at "?" and no header is logged.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const ansi = {
  reset: '\u001b[0m',
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  blue: '\u001b[34m',
  magenta: '\u001b[35m',
  cyan: '\u001b[36m',
  boldRed: '\u001b[1;31m',
};

const methodColour: Record<string, string> = { GET: ansi.blue, POST: ansi.green, PUT: ansi.yellow, DELETE: ansi.red };

function statusColour(status: number): string {
  if (status >= 500) return ansi.boldRed;
  if (status >= 400) return ansi.yellow;
  if (status >= 300) return ansi.cyan;
  return ansi.green;
}

export function requestLine(method: string, url: string, status: number, durationMs: number): string {
  const path = url.split('?')[0] ?? url;
  const m = `${methodColour[method] ?? ansi.magenta}${method}${ansi.reset}`;
  const s = `${statusColour(status)}${status}${ansi.reset}`;
  return `${m} ${path} ${s} ${durationMs.toFixed(1)} ms`;
}

/**
 * Accepted probe reports arrive many times a second from every gateway (and the simulator); at info
 * level they would push everything else out of the bounded Logs page within hours. They are logged at
 * debug; a refused or failed ingest stays visible like any other request.
 */
export function isRoutineIngest(method: string, url: string, status: number): boolean {
  return method === 'POST' && status === 202 && (url.split('?')[0] ?? url).endsWith('/probes/reports');
}

export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      const line = requestLine(request.method, request.url, reply.statusCode, reply.elapsedTime);
      if (reply.statusCode >= 500) request.log.error(line);
      else if (isRoutineIngest(request.method, request.url, reply.statusCode)) request.log.debug(line);
      else request.log.info(line);
    });
  },
  { name: 'bpm-request-log' },
);
