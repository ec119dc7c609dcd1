// Environment → validated, typed configuration (docs/settings.md). The only place that reads process.env.
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { z } from 'zod';

export interface LoginThrottleConfig {
  /** Failed attempts in a row per username before answers to further failures slow down. */
  freeFailures: number;
  /** First delay after freeFailures; doubles with each further failure, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failed attempts per client address per window before 429 (docs/api.md (Authentication): e.g. 100 per 15 min). */
  addressMaxFailures: number;
  addressWindowMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  adminPassword?: string;
  publicHost?: string;
  simulator: boolean;
  webDistDir: string;
  logLevel: string;
  /** Echo log lines to stdout (off in tests: the logs table still receives them). */
  logConsole: boolean;
  logRetention: { maxEntries: number; maxAgeDays: number };
  /** PostgreSQL later (docs/storage.md); refused for now. */
  databaseUrl?: string;
  /** Honour X-Forwarded-* (client address, https) when behind a reverse proxy. */
  trustProxy: boolean;
  bodyLimitBytes: number;
  loginThrottle: LoginThrottleConfig;
  /** scrypt cost as log2(N): 17 (OWASP) in production; tests lower it so creating users stays quick. */
  passwordHashLog2N: number;
  /** How often an open live socket's session or key is checked again (closed once it has ended). */
  liveCredentialRecheckMs: number;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const flag = (fallback: boolean) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['on', 'true', '1', 'yes'].includes(value)));
const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const envSchema = z.object({
  PORT: int(8080, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  BPM_DATA_DIR: z.string().min(1).default('./data'),
  BPM_ADMIN_PASSWORD: optionalText,
  BPM_PUBLIC_HOST: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+$/i, 'BPM_PUBLIC_HOST must be a bare host name such as plant.example.com')
      .transform((host) => host.toLowerCase())
      .optional(),
  ),
  BPM_SIMULATOR: flag(false),
  BPM_WEB_DIST: optionalText,
  BPM_LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).default('info'),
  BPM_LOG_CONSOLE: flag(true),
  BPM_LOG_MAX_ENTRIES: int(100_000, 100, 10_000_000),
  BPM_LOG_MAX_AGE_DAYS: int(30, 1, 3650),
  BPM_TRUST_PROXY: flag(false),
  DATABASE_URL: optionalText,
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.BPM_DATA_DIR),
    adminPassword: e.BPM_ADMIN_PASSWORD,
    publicHost: e.BPM_PUBLIC_HOST,
    simulator: e.BPM_SIMULATOR,
    webDistDir: e.BPM_WEB_DIST ? resolve(e.BPM_WEB_DIST) : defaultWebDist,
    logLevel: e.BPM_LOG_LEVEL,
    logConsole: e.BPM_LOG_CONSOLE,
    logRetention: { maxEntries: e.BPM_LOG_MAX_ENTRIES, maxAgeDays: e.BPM_LOG_MAX_AGE_DAYS },
    databaseUrl: e.DATABASE_URL,
    trustProxy: e.BPM_TRUST_PROXY,
    bodyLimitBytes: 1024 * 1024,
    passwordHashLog2N: 17,
    liveCredentialRecheckMs: 30_000,
    loginThrottle: {
      freeFailures: 5,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      addressMaxFailures: 100,
      addressWindowMs: 15 * 60_000,
    },
  };
}
