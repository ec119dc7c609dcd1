// One instance of a cluster (docs/deployment.md (Cluster mode)): equal instances sharing PostgreSQL and
// Redis. The instance holding the engine lock (engine-election.ts) runs the engine and answers the
// requests the others forward to it (engine-routes.ts); every instance keeps a replica of the engine's
// output in its own live hub, fed by one Redis channel, so its sockets get the same snapshot and updates.
//
// Redis channels (pub/sub; each is ordered, as one connection publishes and one subscribes):
//   bpm:live          engine → every instance: batches of hub input, and full states
//   bpm:engine        any instance → engine: forwarded requests, and "send me the full state"
//   bpm:reply:<id>    engine → the instance that forwarded a request: "received", then its answer
//   bpm:credentials   any instance → the others: a session, user, role or key changed (close live sockets)
import { randomUUID } from 'node:crypto';
import type { Alarm, Probe, SystemInfo } from '@bpm/protocol';
import { Redis } from 'ioredis';
import type { PublishedProbe } from '../engine/evaluation.js';
import type { CredentialChange } from '../modules/live/live-sessions.js';
import { EngineElection } from './engine-election.js';

/** The hub's input, as the probes and alarms modules publish it (probes.service.ts, alarms.service.ts). */
export interface HubInput {
  publishProbe(update: PublishedProbe): void;
  publishDeletion(probeIDs: readonly string[]): void;
  publishSystemConfig(systemInfo: SystemInfo): void;
  publishAlarms(alarms: readonly Alarm[]): void;
  /** The whole open alarm list, replacing the hub's (the engine's start: docs/live-feed.md (Alarms)). */
  restoreAlarms(alarms: readonly Alarm[]): void;
}

/** An HTTP request as forwarded to the engine, and its answer. Bodies are base64. */
export interface ForwardedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  remoteAddress: string;
}

export interface ForwardedResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The engine's full output state, sent to instances that start or after a failover. */
export interface EngineState {
  systemInfo: SystemInfo | undefined;
  probes: Probe[];
  /** The open alarms, as the engine's hub holds them (each instance's snapshot carries them). */
  alarms: Alarm[];
}

type LiveItem =
  | { t: 'p'; p: Probe; tr: boolean }
  | { t: 'd'; ids: readonly string[] }
  | { t: 'c'; info: SystemInfo }
  | { t: 'a'; alarms: readonly Alarm[] }
  | { t: 'o'; alarms: readonly Alarm[] };

type LiveMessage = { k: 'batch'; items: LiveItem[] } | { k: 'state'; for: string; state: EngineState };

type EngineMessage = { k: 'request'; id: string; from: string; request: ForwardedRequest } | { k: 'sync'; from: string };

type ReplyMessage = { id: string; received: true } | { id: string; response: ForwardedResponse };

interface CredentialsMessage {
  from: string;
  change: CredentialChange;
}

const liveChannel = 'bpm:live';
const engineChannel = 'bpm:engine';
const credentialsChannel = 'bpm:credentials';
const replyChannel = (instanceId: string) => `bpm:reply:${instanceId}`;
/** An engine must take a forwarded request within this long (docs/deployment.md (Cluster mode)); else 503. */
export const forwardTimeoutMs = 2000;
/** …and answer it within this long (a large CSV export may take a while). */
const answerTimeoutMs = 60_000;

export interface ClusterNodeOptions {
  redisUrl: string;
  databaseUrl: string;
  /** This instance's live hub: fed with the engine's output, wherever the engine runs. */
  hub: HubInput;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
  /** The engine lost its lock's database session, or could not start: this instance must stop at once
   * (another may have taken over, or will). */
  onEngineFailed: (reason: string) => void;
  /** Another instance reported a credentials change: this instance's sockets are checked again. */
  onCredentialsChanged?: (change: CredentialChange) => void;
  pollIntervalMs?: number;
}

export class ClusterNode {
  readonly instanceId = randomUUID();
  /** Commands and publishing. */
  readonly redis: Redis;
  /** Subscriptions only (a subscribed connection takes no other command). */
  private readonly subscriber: Redis;
  private readonly election: EngineElection;
  /** The engine's starts (probes, alarms, history), run in order once this instance takes the lock. */
  private readonly pendingStarts: Array<() => Promise<void>> = [];
  private starting: Promise<void> = Promise.resolve();
  private engineReady = false;
  private handler: ((request: ForwardedRequest) => Promise<ForwardedResponse>) | undefined;
  private stateSource: (() => EngineState) | undefined;
  private readonly replies = new Map<string, (reply: ReplyMessage) => void>();
  private outgoing: LiveItem[] = [];
  private flushScheduled = false;
  /** The probes this instance's hub holds as a replica (to drop those a new full state lacks). */
  private readonly replicaIDs = new Set<string>();
  private closed = false;

  constructor(private readonly options: ClusterNodeOptions) {
    const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true };
    this.redis = new Redis(options.redisUrl, { ...redisOptions, connectionName: 'bpm' });
    this.subscriber = new Redis(options.redisUrl, { ...redisOptions, connectionName: 'bpm-subscriber' });
    for (const connection of [this.redis, this.subscriber])
      connection.on('error', (error: Error) => options.log.warn(`Redis: ${error.message}`));
    this.election = new EngineElection({
      databaseUrl: options.databaseUrl,
      pollIntervalMs: options.pollIntervalMs,
      onAcquired: () => this.becomeEngine(),
      onLost: (error) => options.onEngineFailed(`the engine lost its database session (${error.message})`),
      onPollError: (error) => options.log.warn(`Engine lock: ${error.message}`),
    });
  }

  /** Connects to Redis and subscribes; the engine lock is tried from start() on. */
  async connect(): Promise<void> {
    await Promise.all([this.redis.connect(), this.subscriber.connect()]);
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => this.receive(channel.toString(), message));
    await this.subscriber.subscribe(liveChannel, credentialsChannel, replyChannel(this.instanceId));
    // After a lost connection ioredis subscribes again; updates may have been missed meanwhile.
    this.subscriber.on('ready', () => void this.askForState());
  }

  /** Starts trying for the engine lock, and asks the engine (if any) for its full state. */
  start(handler: (request: ForwardedRequest) => Promise<ForwardedResponse>, stateSource: () => EngineState): void {
    this.handler = handler;
    this.stateSource = stateSource;
    void this.askForState();
    this.election.start();
  }

  /** Does this instance run the engine (lock held and the engine started)? */
  get runsEngine(): boolean {
    return this.engineReady;
  }

  ping(): Promise<string> {
    return this.redis.ping();
  }

  /** Runs `start` now if this instance runs the engine, or once it takes it over; starts run in order. */
  whenEngine(start: () => Promise<void>): Promise<void> {
    if (!this.election.holdsLock) {
      this.pendingStarts.push(start);
      return Promise.resolve();
    }
    this.starting = this.starting.then(start);
    return this.starting;
  }

  private becomeEngine(): void {
    const tookLockAt = Date.now();
    this.options.log.info('This instance took the engine lock: restoring the probe engine');
    for (const start of this.pendingStarts.splice(0)) this.starting = this.starting.then(start);
    this.starting = this.starting.then(async () => {
      // Probes the replica held that the restored engine does not know are gone.
      const state = this.stateSource?.();
      if (state) {
        const known = new Set(state.probes.map((p) => p.probeID));
        const gone = [...this.replicaIDs].filter((id) => !known.has(id));
        if (gone.length > 0) this.options.hub.publishDeletion(gone);
      }
      this.replicaIDs.clear();
      this.engineReady = true;
      this.publishState('*');
      // Requests are taken from now on (a request that arrived before found no subscriber and is offered again).
      await this.subscriber.subscribe(engineChannel);
      this.options.log.info(`This instance runs the probe engine (restored in ${Date.now() - tookLockAt} ms)`);
    });
    this.starting.catch((error: unknown) =>
      this.options.onEngineFailed(`the engine could not start (${error instanceof Error ? error.message : String(error)})`),
    );
  }

  // ---- the engine's output: the local hub at once, every other instance through Redis ----

  // While the engine restores itself, probes and thresholds go to the other instances only in the full
  // state it broadcasts when it is ready (building each Probe twice would only slow the failover down).
  readonly output: HubInput = {
    publishProbe: (update) => {
      this.options.hub.publishProbe(update);
      if (this.engineReady) this.queue({ t: 'p', p: update.probe, tr: update.hasTransient });
    },
    publishDeletion: (probeIDs) => {
      this.options.hub.publishDeletion(probeIDs);
      if (this.election.holdsLock) this.queue({ t: 'd', ids: [...probeIDs] });
    },
    publishSystemConfig: (systemInfo) => {
      this.options.hub.publishSystemConfig(systemInfo);
      if (this.engineReady) this.queue({ t: 'c', info: systemInfo });
    },
    publishAlarms: (alarms) => {
      this.options.hub.publishAlarms(alarms);
      if (this.election.holdsLock) this.queue({ t: 'a', alarms: [...alarms] });
    },
    restoreAlarms: (alarms) => {
      this.options.hub.restoreAlarms(alarms);
      if (this.election.holdsLock) this.queue({ t: 'o', alarms: [...alarms] });
    },
  };

  /** One message per turn of the event loop (e.g. per ingest batch), in the order published. */
  private queue(item: LiveItem): void {
    this.outgoing.push(item);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flushOutgoing());
  }

  private flushOutgoing(): void {
    this.flushScheduled = false;
    if (this.outgoing.length === 0 || this.closed) return;
    const items = this.outgoing;
    this.outgoing = [];
    this.publish(liveChannel, { k: 'batch', items } satisfies LiveMessage);
  }

  private publishState(target: string): void {
    const state = this.stateSource?.();
    if (!state) return;
    this.flushOutgoing(); // what was published before the state goes before it
    this.publish(liveChannel, { k: 'state', for: target, state } satisfies LiveMessage);
  }

  private publish(channel: string, message: unknown): void {
    this.redis
      .publish(channel, JSON.stringify(message))
      .catch((error: Error) => this.options.log.warn(`Redis publish: ${error.message}`));
  }

  private async askForState(): Promise<void> {
    if (this.closed || this.election.holdsLock) return;
    try {
      await this.redis.publish(engineChannel, JSON.stringify({ k: 'sync', from: this.instanceId } satisfies EngineMessage));
    } catch (error) {
      this.options.log.warn(`Redis: could not ask the engine for its state: ${(error as Error).message}`);
    }
  }

  // ---- receiving ----

  private receive(channel: string, raw: Buffer): void {
    if (this.closed) return;
    try {
      if (channel === liveChannel) this.receiveLive(JSON.parse(raw.toString()) as LiveMessage);
      else if (channel === engineChannel) this.receiveEngine(JSON.parse(raw.toString()) as EngineMessage);
      else if (channel === credentialsChannel) {
        const message = JSON.parse(raw.toString()) as CredentialsMessage;
        if (message.from !== this.instanceId) this.options.onCredentialsChanged?.(message.change);
      } else {
        const reply = JSON.parse(raw.toString()) as ReplyMessage;
        this.replies.get(reply.id)?.(reply);
      }
    } catch (error) {
      this.options.log.error(`Cluster message on ${channel} not handled: ${(error as Error).message}`);
    }
  }

  /** The replica: the engine's output applied to this instance's hub (the engine applied it itself). */
  private receiveLive(message: LiveMessage): void {
    if (this.election.holdsLock) return;
    const hub = this.options.hub;
    if (message.k === 'state') {
      if (message.for !== '*' && message.for !== this.instanceId) return;
      const known = new Set(message.state.probes.map((p) => p.probeID));
      const gone = [...this.replicaIDs].filter((id) => !known.has(id));
      if (gone.length > 0) hub.publishDeletion(gone);
      this.replicaIDs.clear();
      if (message.state.systemInfo) hub.publishSystemConfig(message.state.systemInfo);
      hub.restoreAlarms(message.state.alarms);
      for (const probe of message.state.probes) {
        this.replicaIDs.add(probe.probeID);
        hub.publishProbe({ probeID: probe.probeID, probe, hasTransient: false });
      }
      return;
    }
    for (const item of message.items) {
      if (item.t === 'p') {
        this.replicaIDs.add(item.p.probeID);
        hub.publishProbe({ probeID: item.p.probeID, probe: item.p, hasTransient: item.tr });
      } else if (item.t === 'd') {
        for (const id of item.ids) this.replicaIDs.delete(id);
        hub.publishDeletion(item.ids);
      } else if (item.t === 'c') hub.publishSystemConfig(item.info);
      else if (item.t === 'o') hub.restoreAlarms(item.alarms);
      else hub.publishAlarms(item.alarms);
    }
  }

  private receiveEngine(message: EngineMessage): void {
    if (!this.engineReady) return;
    if (message.k === 'sync') {
      this.publishState(message.from);
      return;
    }
    const handler = this.handler;
    if (!handler) return;
    this.publish(replyChannel(message.from), { id: message.id, received: true } satisfies ReplyMessage);
    handler(message.request).then(
      (response) => this.publish(replyChannel(message.from), { id: message.id, response } satisfies ReplyMessage),
      (error: unknown) => this.options.log.error(`Forwarded request failed: ${String(error)}`),
    );
  }

  // ---- forwarding ----

  /** Tells the other instances that credentials changed, so that they check their live sockets too. */
  announceCredentialsChanged(change: CredentialChange): void {
    this.publish(credentialsChannel, { from: this.instanceId, change } satisfies CredentialsMessage);
  }

  /**
   * Sends a request to the engine instance and waits for its answer; null when no engine took it within
   * forwardTimeoutMs (or answered within answerTimeoutMs). While no engine listens (a failover), the request
   * is offered again every 100 ms.
   */
  async forward(request: ForwardedRequest): Promise<ForwardedResponse | null> {
    const id = randomUUID();
    const deadline = Date.now() + forwardTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    let taken = false;
    const answered = new Promise<ForwardedResponse | null>((resolve) => {
      timer = setTimeout(() => resolve(null), forwardTimeoutMs);
      this.replies.set(id, (reply) => {
        if ('response' in reply) resolve(reply.response);
        else if (!taken) {
          taken = true;
          clearTimeout(timer);
          timer = setTimeout(() => resolve(null), answerTimeoutMs);
        }
      });
    });
    const message = JSON.stringify({ k: 'request', id, from: this.instanceId, request } satisfies EngineMessage);
    let delivered = false;
    const offer = async (): Promise<void> => {
      while (!delivered && Date.now() < deadline && !this.closed) {
        try {
          delivered = (await this.redis.publish(engineChannel, message)) > 0;
        } catch {
          delivered = false;
        }
        if (!delivered) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    void offer();
    try {
      return await answered;
    } finally {
      delivered = true; // stops offering
      clearTimeout(timer);
      this.replies.delete(id);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.election.stop();
    this.subscriber.disconnect();
    await this.redis.quit().catch(() => undefined);
  }
}
