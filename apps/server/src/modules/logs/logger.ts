// The pino logger: every line goes to the log store (and, unless turned off, to stdout as one readable line).
import { pino, type Logger } from 'pino';
import type { LogStore } from './log-store.js';
import { logText, oneLine } from '../../log-text.js';

/** Fields pino or Fastify add on their own; anything else a caller passes is appended as key=value. */
const standardFields = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'reqId', 'req', 'res', 'responseTime']);

/** Secrets never reach a log line, even if someone passes a whole body or request to the logger. */
export const redactedPaths = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
];

interface PinoLine {
  level: number;
  time?: number;
  msg?: string;
  reqId?: string;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

function lineText(line: PinoLine): string {
  // The message is the server's own words (values in it went through logLine); fields are data, escaped whole.
  let text = oneLine(line.msg ?? '');
  const errorMessage = line.err?.message === undefined ? undefined : logText(line.err.message);
  if (errorMessage && !text.includes(errorMessage)) text = text ? `${text}: ${errorMessage}` : errorMessage;
  const extras = Object.entries(line)
    .filter(([key]) => !standardFields.has(key))
    .map(([key, value]) => `${key}=${logText(typeof value === 'string' ? value : JSON.stringify(value))}`);
  if (extras.length > 0) text = `${text} ${extras.join(' ')}`;
  // Errors carry their request id so an operator can match the 500 a client saw to its stack.
  if (line.level >= 50) {
    if (line.reqId) text = `${text} [${line.reqId}]`;
    if (line.err?.stack) text = `${text}\n${line.err.stack}`;
  }
  return text;
}

export function createLogger(options: { level: string; console: boolean; store: LogStore }): Logger {
  const destination = {
    write(raw: string): void {
      let line: PinoLine;
      try {
        line = JSON.parse(raw) as PinoLine;
      } catch {
        return;
      }
      const level = pino.levels.labels[line.level] ?? String(line.level);
      const text = lineText(line);
      options.store.add(level, text);
      if (options.console) {
        process.stdout.write(`${new Date(line.time ?? Date.now()).toISOString()} ${level.toUpperCase().padEnd(5)} ${text}\n`);
      }
    },
  };
  return pino(
    {
      level: options.level,
      base: null,
      redact: { paths: redactedPaths, censor: '[redacted]' },
    },
    destination,
  );
}
