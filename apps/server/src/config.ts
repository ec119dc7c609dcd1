// Environment → validated, typed configuration (docs/settings.md). The only place that reads process.env.
import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { HubScheduler } from './modules/live/hub-scheduler.js';
import { defaultPasswordHashLog2N } from './password.js';
import { defaultRoleMap, parseRoleMap, type RoleRule } from './modules/sso/role-map.js';

export interface LoginThrottleConfig {
  /** Failed attempts in a row per username before answers to further failures slow down. */
  freeFailures: number;
  /** First delay after freeFailures; doubles with each further failure, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failed attempts per client address per window before 429 (docs/api.md (Authentication): e.g. 100 per 15 min). */
  addressMaxFailures: number;
  addressWindowMs: number;
  /** Failed attempts per device cookie per address window before that device is treated as unknown. */
  deviceMaxFailures: number;
  /** Anonymous sign-ins (no device cookie) in flight at once; more are answered 503 at once. */
  hashQueueMax: number;
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
  /** Entries kept: info and debug up to maxEntries, warnings and errors apart up to maxWarningEntries. */
  logRetention: { maxEntries: number; maxWarningEntries: number; maxAgeDays: number };
  /** How often the count of 4xx answers to anonymous callers is logged (docs/security.md). */
  logSummaryIntervalMs: number;
  /** postgres://… : PostgreSQL instead of the SQLite file in dataDir (docs/deployment.md). */
  databaseUrl?: string;
  /** redis://… with databaseUrl: cluster mode, several equal instances (docs/deployment.md (Cluster mode)). */
  redisUrl?: string;
  /** The reverse proxies whose X-Forwarded-* headers are believed (addresses, CIDRs or proxy-addr names such
   * as "loopback"); false to believe none. The client is the right-most address no listed proxy added. */
  trustProxy: false | string[];
  /** /api/docs readable without signing in (docs/security.md "Headers"); off by default. */
  apiDocsPublic: boolean;
  /** Serve the web app's *.map files (docs/security.md "Headers"); off by default. */
  serveSourceMaps: boolean;
  bodyLimitBytes: number;
  loginThrottle: LoginThrottleConfig;
  /** scrypt cost as log2(N): 17 (OWASP) in production; tests lower it so creating users stays quick. */
  passwordHashLog2N: number;
  /** Reports for new probes beyond this many probes are refused (docs/security.md "Probe data bounds"). */
  maxProbes: number;
  /** Audit entries older than this many days are deleted (docs/audit.md). */
  auditMaxAgeDays: number;
  /** The longest an API key may live, in days (docs/security.md). */
  keyMaxDays: number;
  /** How often an open live socket's session or key is checked again (closed once it has ended). */
  liveCredentialRecheckMs: number;
  /** Telemetry history (docs/history.md): retention, and the clock minutes follow (tests inject one). */
  history: { maxAgeDays: number; clock?: () => number };
  /** Event journal and alarm retention (docs/alarms.md). */
  journalMaxAgeDays: number;
  /** The address people open, no trailing slash (docs/settings.md): the SSO redirect URI is built on it. */
  publicUrl: string;
  /** Single sign-on through OpenID Connect (docs/sso.md); undefined when BPM_OIDC_ISSUER is unset. */
  oidc?: OidcConfig;
  /** Probe data over MQTT (docs/mqtt.md). */
  mqtt: MqttConfig;
  /** Notifications (docs/notifications.md): links, times, SMTP; tests inject the clock and the sender's tick. */
  notifications: NotificationsConfig;
  /** When the live hub flushes (tests inject a fake clock they advance: modules/live/hub-scheduler.ts). */
  liveScheduler?: HubScheduler;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The login button says "Sign in with {displayName}". */
  displayName: string;
  /** The ID token (or userinfo) claim whose values the role map matches. */
  roleClaim: string;
  roleMap: RoleRule[];
}

export interface MqttConfig {
  /** BPM_MQTT_PORT: the embedded broker's port (0: any free one); null: no embedded broker. */
  port: number | null;
  /** The port was given: when it is taken the server does not start (the default 1883 only warns). */
  portGiven: boolean;
  /** PEM files: the embedded broker speaks MQTT over TLS. */
  tls?: { certFile: string; keyFile: string };
  /** BPM_MQTT_URL: cluster mode's plant broker, instead of the embedded one. */
  url?: string;
}

export interface NotificationsConfig {
  /** IANA time zone of the times messages write (undefined: the server's). */
  timeZone?: string;
  smtpUrl?: string;
  smtpFrom: string;
  clock?: () => number;
  /** How often due escalation steps and messages are looked for. */
  tickMs: number;
  /** Per attempt (docs/notifications.md "Delivery"). */
  timeoutMs: number;
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

/** "off" (default): no proxy; "on": a proxy on this host (loopback); otherwise a comma-separated list of the
 * proxies' addresses or CIDRs (docs/security.md "Client addresses behind a proxy"). */
function trustedProxies(value: string | undefined, context: z.RefinementCtx): false | string[] {
  if (value === undefined || ['off', 'false', '0', 'no'].includes(value)) return false;
  if (['on', 'true', '1', 'yes'].includes(value)) return ['loopback'];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const isAddress = address !== undefined && (isIP(address) !== 0 || named.has(address));
    const isBits = bits === undefined || (/^\d{1,3}$/.test(bits) && !named.has(address ?? ''));
    if (!isAddress || !isBits || extra !== undefined) {
      context.addIssue({ code: 'custom', message: `BPM_TRUST_PROXY: "${entry}" is not an address, a CIDR, "on" or "off"` });
      return z.NEVER;
    }
  }
  return entries;
}

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
  BPM_LOG_MAX_WARNING_ENTRIES: int(100_000, 100, 10_000_000),
  BPM_TRUST_PROXY: optionalText.transform(trustedProxies),
  BPM_HISTORY_MAX_AGE_DAYS: int(30, 1, 3650),
  BPM_JOURNAL_MAX_AGE_DAYS: int(90, 1, 3650),
  DATABASE_URL: optionalText,
  BPM_REDIS_URL: optionalText,
  BPM_KEY_MAX_DAYS: int(365, 1, 3650),
  BPM_MAX_PROBES: int(20_000, 1, 10_000_000),
  BPM_AUDIT_MAX_AGE_DAYS: int(365, 1, 36_500),
  NODE_ENV: optionalText,
  BPM_TEST_PASSWORD_HASH_LOG2N: z.coerce.number().int().min(10).max(17).optional(),
  BPM_API_DOCS_PUBLIC: flag(false),
  BPM_SOURCE_MAPS: flag(false),
  // Single sign-on and the public address (docs/sso.md).
  BPM_PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'BPM_PUBLIC_URL must be an http(s) address such as https://plant.example.com' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  BPM_OIDC_ISSUER: optionalText.pipe(
    z.url({ protocol: /^https$/, error: 'BPM_OIDC_ISSUER must be an https address' }).optional(),
  ),
  BPM_OIDC_CLIENT_ID: optionalText,
  BPM_OIDC_CLIENT_SECRET: optionalText,
  BPM_OIDC_DISPLAY_NAME: optionalText,
  BPM_OIDC_ROLE_CLAIM: optionalText,
  BPM_OIDC_ROLE_MAP: optionalText,
  BPM_MQTT_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^(off|\d{1,5})$/, 'BPM_MQTT_PORT must be a port number (0–65535) or "off"')
      .transform((value) => (value === 'off' ? ('off' as const) : Number(value)))
      .refine((value) => value === 'off' || value <= 65535, 'BPM_MQTT_PORT must be a port number (0–65535) or "off"')
      .optional(),
  ),
  BPM_MQTT_TLS_CERT: optionalText,
  BPM_MQTT_TLS_KEY: optionalText,
  BPM_MQTT_URL: optionalText.pipe(
    z
      .string()
      .regex(/^mqtts?:\/\/[^\s]+$/, 'BPM_MQTT_URL must be an mqtt:// or mqtts:// URL')
      .optional(),
  ),
  BPM_TIME_ZONE: optionalText.refine(
    (zone) => zone === undefined || validTimeZone(zone),
    'BPM_TIME_ZONE must be an IANA time zone such as Europe/Berlin',
  ),
  BPM_SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'BPM_SMTP_URL must be smtp://… or smtps://…' }).optional(),
  ),
  BPM_SMTP_FROM: optionalText,
});

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** BPM_OIDC_*: all three of issuer, client id and secret, or none (docs/sso.md (Settings)). */
function oidcConfig(e: z.infer<typeof envSchema>): OidcConfig | undefined {
  const given = [e.BPM_OIDC_ISSUER, e.BPM_OIDC_CLIENT_ID, e.BPM_OIDC_CLIENT_SECRET];
  if (given.every((value) => value === undefined)) return undefined;
  if (!e.BPM_OIDC_ISSUER || !e.BPM_OIDC_CLIENT_ID || !e.BPM_OIDC_CLIENT_SECRET)
    throw new Error(
      'Invalid configuration: single sign-on needs BPM_OIDC_ISSUER, BPM_OIDC_CLIENT_ID and BPM_OIDC_CLIENT_SECRET together',
    );
  const roleMap = parseRoleMap(e.BPM_OIDC_ROLE_MAP ?? defaultRoleMap);
  if (typeof roleMap === 'string') throw new Error(`Invalid configuration: BPM_OIDC_ROLE_MAP: ${roleMap}`);
  return {
    issuer: e.BPM_OIDC_ISSUER,
    clientId: e.BPM_OIDC_CLIENT_ID,
    clientSecret: e.BPM_OIDC_CLIENT_SECRET,
    displayName: e.BPM_OIDC_DISPLAY_NAME ?? 'your company account',
    roleClaim: e.BPM_OIDC_ROLE_CLAIM ?? 'groups',
    roleMap,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.BPM_REDIS_URL && !e.DATABASE_URL)
    throw new Error(
      'Invalid configuration: BPM_REDIS_URL (cluster mode) needs DATABASE_URL=postgres://…: the instances share PostgreSQL, not a SQLite file',
    );
  // The demo simulator runs inside each instance's process (docs/deployment.md, Cluster mode).
  if (e.BPM_REDIS_URL && e.BPM_SIMULATOR)
    throw new Error(
      'Invalid configuration: BPM_SIMULATOR=on is refused in cluster mode (BPM_REDIS_URL): every instance would feed a demo plant of its own into the shared engine; set BPM_SIMULATOR=off (npm start turns it on unless told)',
    );
  if ((e.BPM_MQTT_TLS_CERT === undefined) !== (e.BPM_MQTT_TLS_KEY === undefined))
    throw new Error('Invalid configuration: BPM_MQTT_TLS_CERT and BPM_MQTT_TLS_KEY go together (MQTT over TLS needs both)');
  // A cheaper hash only where a test asks for it: a production server never runs below OWASP's cost.
  if (e.BPM_TEST_PASSWORD_HASH_LOG2N !== undefined && e.NODE_ENV !== 'test')
    throw new Error('Invalid configuration: BPM_TEST_PASSWORD_HASH_LOG2N is for tests only (NODE_ENV=test)');
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
    logRetention: {
      maxEntries: e.BPM_LOG_MAX_ENTRIES,
      maxWarningEntries: e.BPM_LOG_MAX_WARNING_ENTRIES,
      maxAgeDays: e.BPM_LOG_MAX_AGE_DAYS,
    },
    logSummaryIntervalMs: 60_000,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.BPM_REDIS_URL,
    trustProxy: e.BPM_TRUST_PROXY,
    apiDocsPublic: e.BPM_API_DOCS_PUBLIC,
    serveSourceMaps: e.BPM_SOURCE_MAPS,
    bodyLimitBytes: 1024 * 1024,
    passwordHashLog2N: e.BPM_TEST_PASSWORD_HASH_LOG2N ?? defaultPasswordHashLog2N,
    liveCredentialRecheckMs: 30_000,
    keyMaxDays: e.BPM_KEY_MAX_DAYS,
    maxProbes: e.BPM_MAX_PROBES,
    auditMaxAgeDays: e.BPM_AUDIT_MAX_AGE_DAYS,
    history: { maxAgeDays: e.BPM_HISTORY_MAX_AGE_DAYS },
    journalMaxAgeDays: e.BPM_JOURNAL_MAX_AGE_DAYS,
    publicUrl: e.BPM_PUBLIC_URL ?? (e.BPM_PUBLIC_HOST ? `https://${e.BPM_PUBLIC_HOST}` : `http://localhost:${e.PORT}`),
    oidc: oidcConfig(e),
    notifications: {
      timeZone: e.BPM_TIME_ZONE,
      smtpUrl: e.BPM_SMTP_URL,
      smtpFrom: e.BPM_SMTP_FROM ?? `Battery Probe Monitor <bpm@${e.BPM_PUBLIC_HOST ?? 'localhost'}>`,
      tickMs: 1000,
      timeoutMs: 10_000,
    },
    loginThrottle: {
      freeFailures: 5,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      addressMaxFailures: 100,
      addressWindowMs: 15 * 60_000,
      deviceMaxFailures: 10,
      hashQueueMax: 4,
    },
    mqtt: {
      port: e.BPM_MQTT_URL || e.BPM_MQTT_PORT === 'off' ? null : (e.BPM_MQTT_PORT ?? 1883),
      portGiven: e.BPM_MQTT_PORT !== undefined,
      tls:
        e.BPM_MQTT_TLS_CERT && e.BPM_MQTT_TLS_KEY
          ? { certFile: resolve(e.BPM_MQTT_TLS_CERT), keyFile: resolve(e.BPM_MQTT_TLS_KEY) }
          : undefined,
      url: e.BPM_MQTT_URL,
    },
  };
}
