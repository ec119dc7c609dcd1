// app.cluster: what the modules need to know about running as one of several instances (docs/deployment.md
// (Cluster mode)). On a single instance (no BPM_REDIS_URL) the engine always runs here, its output goes
// straight to the live hub, and sign-in throttling and the device cookie key stay in this process. In
// cluster mode (cluster-node.ts) the engine's starts wait for the engine lock, its output also goes
// through Redis to every instance's hub, the engine's routes (engine-routes.ts) are forwarded to it, and
// the throttle counters and the device cookie key live in Redis.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, PayloadTooLargeError, ServiceUnavailableError } from '../errors.js';
import { errorBody } from '../plugins/error-handler.js';
import { MemoryThrottleStore, type ThrottleStore } from '../modules/auth/throttle-store.js';
import { ClusterNode, type EngineState, type ForwardedRequest, type ForwardedResponse, type HubInput } from './cluster-node.js';
import { runsOnEngine } from './engine-routes.js';
import { RedisThrottleStore } from './redis-throttle-store.js';

export interface ClusterRole {
  /** BPM_REDIS_URL is set. */
  readonly enabled: boolean;
  /** Does this instance run the probe engine now? */
  runsEngine(): boolean;
  /** Runs an engine start (restoring probes, alarms, history) here now, or when this instance takes the engine over. */
  whenEngine(start: () => Promise<void>): Promise<void>;
  /** The live hub's input for the engine's modules. */
  readonly output: HubInput;
  /** Where the engine's full state comes from (the probes module). */
  serveEngineState(source: () => EngineState): void;
  /** Cluster mode: shared sign-in throttle counters and device cookie key, and Redis's health. */
  readonly throttleStore?: ThrottleStore;
  readonly deviceCookieSecret?: Buffer;
  readonly pingRedis?: () => Promise<unknown>;
  /**
   * Runs a named call on the engine instance (here when it runs here, else forwarded through Redis like an
   * engine route) and resolves with its JSON answer; throws its AppError, or 503 while no engine answers.
   * For work that arrives by another way than HTTP: MQTT ingest (docs/mqtt.md).
   */
  callEngine(name: string, body: unknown): Promise<unknown>;
  /** Declares what the engine runs for callEngine(name). */
  answerEngineCall(name: string, answer: (body: unknown) => unknown): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    cluster: ClusterRole;
  }
}

const deviceCookieKey = 'bpm:device-cookie-key';
/** Headers of one hop, not of the request or answer itself. */
const hopHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date', 'upgrade']);

function withoutHopHeaders<T>(headers: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopHeaders.has(name.toLowerCase())));
}

async function readBody(request: FastifyRequest, payload: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    length += bytes.length;
    if (length > limit) {
      request.raw.resume();
      throw new PayloadTooLargeError();
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/** Forwarded engine calls travel as requests of this method, which no HTTP request can have (Fastify routes none). */
const engineCallMethod = 'BPM-CALL';

async function answerCall(
  answer: ((body: unknown) => unknown) | undefined,
  request: ForwardedRequest,
): Promise<ForwardedResponse> {
  const reply = (status: number, body: unknown) => ({
    status,
    headers: {},
    body: Buffer.from(JSON.stringify(body ?? null)).toString('base64'),
  });
  if (!answer) return reply(404, errorBody(404, `No engine call ${request.url}`));
  try {
    return reply(200, await answer(JSON.parse(Buffer.from(request.body, 'base64').toString())));
  } catch (error) {
    if (error instanceof AppError) return reply(error.statusCode, errorBody(error.statusCode, error.message, error.details));
    throw error;
  }
}

export const clusterPlugin = fp(
  async (app: FastifyInstance) => {
    const { redisUrl, databaseUrl } = app.config;
    const engineCalls = new Map<string, (body: unknown) => unknown>();
    const runHere = async (name: string, body: unknown) => {
      const answer = engineCalls.get(name);
      if (!answer) throw new Error(`No engine call ${name}`);
      return answer(body);
    };
    const answerEngineCall = (name: string, answer: (body: unknown) => unknown) => void engineCalls.set(name, answer);
    if (!redisUrl || !databaseUrl) {
      app.decorate('cluster', {
        enabled: false,
        runsEngine: () => true,
        whenEngine: (start: () => Promise<void>) => start(),
        output: app.liveHub,
        serveEngineState: () => undefined,
        // One store for every sign-in throttle of this process: the API's and MQTT's CONNECTs (docs/mqtt.md).
        throttleStore: new MemoryThrottleStore(),
        callEngine: runHere,
        answerEngineCall,
      } satisfies ClusterRole);
      return;
    }

    // Sign-out, a password change, a deleted user or key, a role change: sockets on every instance are checked.
    const sessions = app.liveSessions;
    const node = new ClusterNode({
      redisUrl,
      databaseUrl,
      hub: app.liveHub,
      log: app.log,
      onEngineFailed: (reason) => {
        // Another instance may run the engine by now: two engines must never run, so this one stops.
        process.stderr.write(`[bpm] ${reason}: stopping this instance\n`);
        process.exit(1);
      },
      onCredentialsChanged: (change) => void sessions.recheck(change),
    });
    await node.connect();
    sessions.onChange((change) => node.announceCredentialsChanged(change));
    await node.redis.set(deviceCookieKey, randomBytes(32).toString('base64url'), 'NX');
    const secret = await node.redis.get(deviceCookieKey);
    let stateSource: (() => EngineState) | undefined;
    app.decorate('cluster', {
      enabled: true,
      runsEngine: () => node.runsEngine,
      whenEngine: (start: () => Promise<void>) => node.whenEngine(start),
      output: node.output,
      serveEngineState: (source: () => EngineState) => {
        stateSource = source;
      },
      throttleStore: new RedisThrottleStore(node.redis),
      deviceCookieSecret: Buffer.from(secret ?? '', 'base64url'),
      pingRedis: () => node.ping(),
      callEngine: async (name: string, body: unknown) => {
        if (node.runsEngine) return runHere(name, body);
        const request = {
          method: engineCallMethod,
          url: name,
          headers: {},
          remoteAddress: '',
          body: Buffer.from(JSON.stringify(body)).toString('base64'),
        };
        const answer = await node.forward(request);
        if (!answer) throw new ServiceUnavailableError('The probe engine is not available. Try again in a moment.', 2);
        const answered = JSON.parse(Buffer.from(answer.body, 'base64').toString()) as { message?: string; details?: [] } | null;
        if (answer.status === 200) return answered;
        throw new AppError(answer.status, answered?.message ?? 'Engine call failed', answered?.details);
      },
      answerEngineCall,
    } satisfies ClusterRole);

    // The engine answers forwarded requests as if they had reached it directly.
    const handle = async (request: ForwardedRequest): Promise<ForwardedResponse> => {
      if (request.method === engineCallMethod) return answerCall(engineCalls.get(request.url), request);
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers as Record<string, string>,
        remoteAddress: request.remoteAddress,
        ...(request.body === '' ? {} : { payload: Buffer.from(request.body, 'base64') }),
      });
      return {
        status: response.statusCode,
        headers: withoutHopHeaders(response.headers),
        body: response.rawPayload.toString('base64'),
      };
    };

    // After every onRequest hook (so access is decided here first), before the body is parsed.
    app.addHook('preParsing', async (request, reply, payload) => {
      if (node.runsEngine || !runsOnEngine(request.routeOptions.url)) return;
      const body = await readBody(request, payload, request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1048576);
      const answer = await node.forward({
        method: request.method,
        url: request.url,
        headers: withoutHopHeaders(request.headers),
        body: body.toString('base64'),
        remoteAddress: request.raw.socket?.remoteAddress ?? '127.0.0.1',
      });
      if (!answer) throw new ServiceUnavailableError('The probe engine is not available. Try again in a moment.', 2);
      reply.code(answer.status);
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) reply.header(name, value);
      await reply.send(Buffer.from(answer.body, 'base64'));
    });

    app.addHook('onReady', async () => {
      node.start(handle, () => stateSource?.() ?? { systemInfo: undefined, probes: [], alarms: [] });
    });
    // Registered before the modules, so closed after them: the engine's last writes are done when the lock goes.
    app.addHook('onClose', async () => node.close());
  },
  { name: 'bpm-cluster', dependencies: ['bpm-live'] },
);
