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

/**
 * 4xx answers to callers nobody signed in as (scanners, password guessers) are logged at debug and counted;
 * one info line a minute says how many there were, so that a flood cannot push the rest out of the retained
 * log (docs/security.md "Logs that can be trusted").
 */
export class RefusalSummary {
  private readonly counts = new Map<number, number>();

  add(status: number): void {
    this.counts.set(status, (this.counts.get(status) ?? 0) + 1);
  }

  /** The summary line since the last one, or undefined when there was nothing. */
  take(): string | undefined {
    if (this.counts.size === 0) return undefined;
    const byStatus = [...this.counts].sort(([a], [b]) => a - b);
    this.counts.clear();
    const total = byStatus.reduce((sum, [, n]) => sum + n, 0);
    return `Answered ${total} request(s) from callers not signed in with 4xx (${byStatus.map(([status, n]) => `${status} ×${n}`).join(', ')})`;
  }
}

/**
 * A read that succeeded (static files, the web app's own calls on every page, load balancers' health checks)
 * changes nothing and is logged at debug: opening a page wrote ~60 info lines above the entry an administrator
 * came to see. Changes and failed requests stay at info and above (docs/security.md "Logs that can be trusted").
 */
export function isRoutineRead(method: string, status: number): boolean {
  return (method === 'GET' || method === 'HEAD') && status < 400;
}

export const requestLogPlugin = fp(
  async (app: FastifyInstance, options: { summaryIntervalMs?: number }) => {
    const refusals = new RefusalSummary();
    const summarise = () => {
      const line = refusals.take();
      if (line) app.log.info(line);
    };
    const timer = setInterval(summarise, options.summaryIntervalMs ?? 60_000).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      summarise();
    });
    app.addHook('onResponse', async (request, reply) => {
      const line = requestLine(request.method, request.url, reply.statusCode, reply.elapsedTime);
      const status = reply.statusCode;
      if (status >= 500) request.log.error(line);
      else if (isRoutineIngest(request.method, request.url, status) || isRoutineRead(request.method, status))
        request.log.debug(line);
      else if (status >= 400 && !request.principal) {
        refusals.add(status);
        request.log.debug(line);
      } else request.log.info(line);
    });
  },
  { name: 'bpm-request-log' },
);
