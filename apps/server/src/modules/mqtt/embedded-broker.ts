// The embedded MQTT broker (docs/mqtt.md): aedes in the server's process, on BPM_MQTT_PORT, plain or TLS,
// MQTT 3.1.1 and 5. API keys sign in as passwords; report topics go through the HTTP ingest's function before
// their PUBACK; every refusal is published to the client's own errors topic (and, in MQTT 5, is the PUBACK's
// reason) and the client stays connected; alarms go out on bpm/v1/alarms to owners who may read them. Nothing
// a client publishes reaches another client.
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { levelSatisfies, type Alarm, type IngestResult, type PermissionLevel, type PermissionName } from '@bpm/protocol';
import {
  Aedes,
  type AedesPublishPacket,
  type AuthenticateError,
  type Client,
  type PublishPacket,
  type Subscription,
} from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { BadRequestError, ForbiddenError, ServiceUnavailableError } from '../../errors.js';
import type { Principal } from '../../principal.js';
import type { MqttCounters } from './mqtt-metrics.js';
import { alarmsTopic, errorsTopic, maxPayloadBytes, mqttError, publishRefusal, reportsPayload } from './mqtt-topics.js';

/**
 * A packet declaring more than this closes its connection before it is read (aedes' maximumPacketSize, also
 * announced to MQTT 5 clients): without it aedes would buffer up to 256 MB per packet, even before CONNECT.
 * Between 1 MiB and this, a publish is refused with its reason.
 */
export const maxPacketBytes = 4 * maxPayloadBytes;

export interface EmbeddedBrokerOptions {
  host: string;
  /** 0: any free port. */
  port: number;
  /** PEM files: MQTT over TLS instead of plain TCP. */
  tls?: { certFile: string; keyFile: string };
  log: FastifyBaseLogger;
  /** The API key's owner with their current permissions, or null when the key does not work (now). */
  principalOf(token: string): Promise<Principal | null>;
  /** A refused CONNECT, counted in the sign-in throttle (docs/security.md "Sign-in throttling"). */
  signInFailed(address: string, username: string): Promise<void>;
  /** The HTTP ingest's accept path (modules/probes/report-ingest.ts), on the engine wherever it runs. */
  ingest(data: unknown): Promise<IngestResult>;
  counters: MqttCounters;
  /** How often open connections' keys are checked again: a revoked key's connections end within 5 s. */
  recheckMs?: number;
}

/**
 * The connections signed in with one API key, and its owner as last checked: one per key, not per connection
 * (docs/decisions/integrations.md (Idle connections …): 2,000 gateways on one key share it).
 */
interface KeyHolders {
  token: string;
  principal: Principal;
  clients: Set<Client>;
}

const can = (principal: Principal | undefined, permission: PermissionName, level: PermissionLevel) => {
  const held = principal?.permissions.get(permission);
  return held !== undefined && levelSatisfies(held, level);
};

/** MQTT 3.1.1 return codes; aedes gives MQTT 5 clients the matching reason codes (0x85, 0x88, 0x87). */
const identifierRejected = 2;
const serverUnavailable = 3;
const notAuthorized = 5;
/** MQTT 5 DISCONNECT reason code for a connection whose key was revoked. */
const notAuthorizedV5 = 0x87;
const noPayload = Buffer.alloc(0);
const lookupSharedMs = 1000;

function connectRefusal(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

export class EmbeddedBroker {
  private broker: Aedes | undefined;
  private server: Server | undefined;
  /** By API key: the rechecks ask once per key. */
  private readonly keys = new Map<string, KeyHolders>();
  private readonly holders = new WeakMap<Client, KeyHolders>();
  /**
   * Each key's look-up for CONNECTs, shared for a second: gateways reconnecting together on one key (after a
   * network outage) ask the database once, not once each. A change on this instance clears it (recheck).
   */
  private readonly lookups = new Map<string, Promise<Principal | null>>();
  /** Payloads this broker published itself: the only ones it forwards to subscribers. */
  private readonly ours = new WeakSet<object>();
  private recheckTimer: NodeJS.Timeout | undefined;
  private rechecking = false;
  port = 0;

  constructor(private readonly options: EmbeddedBrokerOptions) {}

  get connections(): number {
    return this.broker?.connectedClients ?? 0;
  }

  /** Listens; resolves with the port, rejects when it cannot (e.g. EADDRINUSE). */
  async start(): Promise<number> {
    const broker = await Aedes.createBroker({
      // Client ids name the errors topic: a generous length, but no topic separators or wildcards (authenticate).
      maxClientsIdLength: 128,
      maximumPacketSize: maxPacketBytes,
      authenticate: (client, username, password, done) => void this.authenticate(client, username, password, done),
      authorizePublish: (client, packet, done) => this.authorizePublish(client, packet, done),
      authorizeSubscribe: (client, subscription, done) => done(null, this.authorizeSubscribe(client, subscription)),
      authorizeForward: (client, packet) => this.authorizeForward(client, packet),
    });
    // aedes 2.0.0-beta.1 keys these by client ids and topics from the wire in plain objects, so an id such as
    // "constructor" or an UNSUBSCRIBE of "__proto__" would throw out of the event loop; aedes 1.2 fixed that
    // (GHSA-52qw-whmv-87c5) after the beta was cut (docs/decisions/integrations.md (aedes 2.0.0-beta.1 …)).
    Object.assign(broker, { clients: Object.create(null), brokers: Object.create(null) });
    // Every inbound QoS 2 publish is refused, so none needs keeping until its PUBREL (whose PUBCOMP aedes sends
    // all the same): nothing a client withholding PUBRELs could pile up, which the beta does not bound.
    (broker as unknown as { persistence: { incomingStorePacket: () => Promise<void> } }).persistence.incomingStorePacket =
      async () => undefined;
    this.broker = broker;
    broker.on('clientDisconnect', (client) => this.forget(client));
    // Also emitted for each publish refused to an MQTT 5 client, which stays connected: its close comes as
    // clientDisconnect (or, before CONNACK, is found by recheck).
    broker.on('clientError', (client, error) => {
      if (error.message === 'packet too large') {
        this.options.counters.errors.publish += 1;
        this.options.log.info(`MQTT connection of ${client.id} closed: a packet over ${maxPacketBytes} bytes`);
      } else this.options.log.debug(`MQTT client ${client.id}: ${error.message}`);
    });
    broker.on('connectionError', (_client, error) => {
      if (error.message === 'packet too large') this.options.counters.errors.publish += 1;
    });
    const tls = this.options.tls;
    const server = tls
      ? createTlsServer({ cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) }, (socket) =>
          this.handle(broker, socket),
        )
      : createServer((socket) => this.handle(broker, socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : this.options.port;
    this.recheckTimer = setInterval(() => void this.recheck(), this.options.recheckMs ?? 2000);
    this.recheckTimer.unref();
    return this.port;
  }

  private handle(broker: Aedes, socket: Socket): void {
    // The same prototype-free maps for what each client keys by topic or broker id (see start).
    Object.assign(broker.handle(socket), { subscriptions: Object.create(null), duplicates: Object.create(null) });
  }

  private forget(client: Client): void {
    const holders = this.holders.get(client);
    if (!holders) return;
    this.holders.delete(client);
    holders.clients.delete(client);
    if (holders.clients.size === 0 && this.keys.get(holders.token) === holders) this.keys.delete(holders.token);
  }

  private principal(client: Client): Principal | undefined {
    return this.holders.get(client)?.principal;
  }

  private async authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
    done: (error: AuthenticateError | null, success: boolean | null) => void,
  ): Promise<void> {
    if (/[/+#]/.test(client.id))
      return done(connectRefusal('Client ids may not contain "/", "+" or "#"', identifierRejected), false);
    const token = password?.toString() ?? '';
    let principal: Principal | null;
    try {
      principal = await this.lookup(token);
    } catch (error) {
      this.options.log.error(`MQTT sign-in could not be checked: ${(error as Error).message}`);
      return done(connectRefusal('Server unavailable', serverUnavailable), false);
    }
    if (principal) {
      // A CONNECT with an id in use takes the session over (MQTT): only the same user may, or another key's
      // owner could cut a gateway off and read its errors.
      const other = (this.broker as unknown as { clients: Record<string, Client | undefined> }).clients[client.id];
      const holding = other && other !== client && !other.closed ? this.principal(other) : undefined;
      if (holding && holding.userId !== principal.userId)
        return done(connectRefusal('This client id is in use by another user', identifierRejected), false);
      let holders = this.keys.get(token);
      if (holders) holders.principal = principal;
      else this.keys.set(token, (holders = { token, principal, clients: new Set() }));
      holders.clients.add(client);
      this.holders.set(client, holders);
      return done(null, true);
    }
    this.options.counters.errors.connect += 1;
    const address = (client.conn as { remoteAddress?: string }).remoteAddress?.replace(/^::ffff:/, '') ?? 'unknown';
    await this.options.signInFailed(address, username ?? '').catch(() => undefined);
    this.options.log.info(`MQTT CONNECT refused from ${address}: the password is not a valid API key`);
    done(connectRefusal('Not authorized', notAuthorized), false);
  }

  /**
   * Reports are applied before the callback (which sends a QoS 1 PUBACK). A refused publish is answered on the
   * errors topic; an MQTT 5 client also gets a PUBACK with reason code 0x87 and the reason as its reason
   * string, and nothing is published. MQTT 3.1.1 has no negative acknowledgement and an error here would close
   * the connection, so there the publish is let through emptied, with nobody to receive it (authorizeForward).
   * Only an engine that does not answer closes the connection, without PUBACK, so that the client sends its
   * QoS 1 reports again.
   */
  private authorizePublish(client: Client | null, packet: PublishPacket, done: (error?: Error | null) => void): void {
    if (!client) return done(null);
    this.options.counters.messagesReceived += 1;
    const refusal = publishRefusal(packet);
    if (refusal || !can(this.principal(client), 'Probes', 'WRITE')) {
      const reason = refusal
        ? new BadRequestError(refusal)
        : new ForbiddenError('Publishing reports needs the Probes permission at level WRITE');
      return this.decline(client, packet, reason, done);
    }
    let data: unknown;
    try {
      data = reportsPayload(packet.topic, packet.payload);
    } catch (error) {
      return this.decline(client, packet, error, done);
    }
    this.options.ingest(data).then(
      () => done(null),
      (error: unknown) => {
        if (!(error instanceof ServiceUnavailableError)) return this.decline(client, packet, error, done);
        this.refuse(client, packet.topic, error, 'publish');
        client.conn.destroy();
        done(error);
      },
    );
  }

  private decline(client: Client, packet: PublishPacket, error: unknown, done: (error?: Error | null) => void): void {
    this.refuse(client, packet.topic, error, 'publish');
    if (client.version === 5) return done(error instanceof Error ? error : new Error(String(error)));
    packet.retain = false; // never stored
    packet.payload = noPayload; // nothing of it goes on
    done(null);
  }

  private authorizeSubscribe(client: Client, subscription: Subscription): Subscription | null {
    const principal = this.principal(client);
    if (subscription.topic === errorsTopic(client.id)) return subscription;
    if (subscription.topic === alarmsTopic && can(principal, 'Alarms', 'READ')) return subscription;
    const reason =
      subscription.topic === alarmsTopic
        ? new ForbiddenError(`Subscribing to ${alarmsTopic} needs the Alarms permission at level READ`)
        : new BadRequestError(
            `Subscribing to ${subscription.topic} is not allowed: a client may subscribe to ${alarmsTopic} and ${errorsTopic(client.id)}`,
          );
    this.refuse(client, subscription.topic, reason, 'subscribe');
    return null; // SUBACK 0x80 (failure), the connection stays
  }

  private authorizeForward(client: Client, packet: AedesPublishPacket): AedesPublishPacket | null {
    if (typeof packet.payload === 'string' || !this.ours.has(packet.payload)) return null;
    if (packet.topic === alarmsTopic) return can(this.principal(client), 'Alarms', 'READ') ? packet : null;
    return packet.topic === errorsTopic(client.id) ? packet : null;
  }

  private refuse(client: Client, topic: string, error: unknown, kind: 'publish' | 'subscribe'): void {
    this.options.counters.errors[kind] += 1;
    this.publish(errorsTopic(client.id), mqttError(topic, error), 0);
  }

  private publish(topic: string, message: unknown, qos: 0 | 1): void {
    const broker = this.broker;
    if (!broker || broker.closed) return;
    const payload = Buffer.from(JSON.stringify(message));
    this.ours.add(payload);
    this.options.counters.messagesPublished += 1;
    broker.publish({ cmd: 'publish', topic, payload, qos, retain: false, dup: false }, (error) => {
      if (error) this.options.log.warn(`MQTT publish to ${topic} failed: ${error.message}`);
    });
  }

  /** Every alarm created or changed, as the live feed's `alarms` message carries it (docs/live-feed.md). */
  publishAlarms(alarms: readonly Alarm[]): void {
    if (alarms.length > 0) this.publish(alarmsTopic, { messageType: 'alarms', alarms }, 1);
  }

  private lookup(token: string): Promise<Principal | null> {
    let lookup = this.lookups.get(token);
    if (lookup) return lookup;
    lookup = this.options.principalOf(token);
    this.lookups.set(token, lookup);
    const forget = () => {
      if (this.lookups.get(token) === lookup) this.lookups.delete(token);
    };
    lookup.then(() => setTimeout(forget, lookupSharedMs).unref(), forget);
    return lookup;
  }

  /** Checks every open connection's key again, once per key; connections whose key no longer works are closed. */
  async recheck(): Promise<void> {
    this.lookups.clear();
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      for (const holders of [...this.keys.values()]) {
        for (const client of holders.clients) if (client.closed) this.forget(client); // closed before CONNACK
        const principal = await this.options.principalOf(holders.token).catch(() => undefined);
        if (principal === undefined) continue; // the database did not answer: try again next time
        if (principal) {
          holders.principal = principal;
          continue;
        }
        if (this.keys.get(holders.token) === holders) this.keys.delete(holders.token);
        for (const client of holders.clients) {
          this.holders.delete(client);
          this.options.log.info(`MQTT client ${client.id} disconnected: its API key no longer works`);
          client.disconnect({ reasonCode: notAuthorizedV5 });
        }
        holders.clients.clear();
      }
    } finally {
      this.rechecking = false;
    }
  }

  async close(): Promise<void> {
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    const broker = this.broker;
    if (broker) await new Promise<void>((resolve) => broker.close(() => resolve()));
    const server = this.server;
    if (server?.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
