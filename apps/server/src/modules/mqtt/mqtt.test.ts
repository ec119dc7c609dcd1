// Probe data over MQTT against the embedded broker (docs/mqtt.md): a real MQTT client on a real port, one app
// for the file. Reports are seen through the API; each bad input is refused with its reason on the client's
// errors topic, nothing of it applied, and the client keeps being served. The listener's own cases (TLS, a
// taken port) run on the broker alone, without a second app.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IngestResult, Probe, ProbeReportInput } from '@bpm/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';
import { monitored, readings } from '../../testing/report-fixtures.js';
import { EmbeddedBroker, type EmbeddedBrokerOptions } from './embedded-broker.js';
import { MqttCounters } from './mqtt-metrics.js';
import { startOrExplain } from './mqtt.plugin.js';
import type { MqttError } from './mqtt-topics.js';

let t: TestApp;
let admin: Record<string, string>;
let adminKey: string;
let url: string;
const clients: MqttClient[] = [];

async function createKey(headers: Record<string, string>, name: string): Promise<{ id: number; token: string }> {
  const expirationDate = new Date(Date.now() + 86_400_000).toISOString();
  const response = await t.app.inject({ method: 'POST', url: '/api/keys', headers, payload: { name, expirationDate } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function connect(clientId: string, password = adminKey, protocolVersion: 4 | 5 = 4): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    clientId,
    username: 'gateway',
    password,
    reconnectPeriod: 0,
    protocolVersion,
  });
  clients.push(client);
  return client;
}

/** The next message on `topic`, parsed. */
function nextMessage<T>(client: MqttClient, topic: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (received: string, payload: Buffer) => {
      if (received !== topic) return;
      client.off('message', listener);
      resolve(JSON.parse(payload.toString()) as T);
    };
    client.on('message', listener);
  });
}

const probeIDs = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/probes', headers: admin })).json<Probe[]>().map((p) => p.probeID);
const publish = (
  client: MqttClient,
  topic: string,
  payload: string | Buffer,
  options: { qos?: 0 | 1 | 2; retain?: boolean } = {},
) => client.publishAsync(topic, payload, { qos: 1, ...options });
const report = (probeID: string, extra: Partial<ProbeReportInput> = {}): ProbeReportInput => ({
  probeID,
  readings: readings(31.4, 29.8),
  batteryPercentage: 83.5,
  assignment: monitored,
  ...extra,
});
const json = (value: ProbeReportInput | ProbeReportInput[]) => JSON.stringify(value);

beforeAll(async () => {
  t = await createTestApp({
    mqtt: { port: 0, portGiven: true },
    loginThrottle: { ...(await import('../../config.js')).loadConfig({}).loginThrottle, addressMaxFailures: 3 },
  });
  admin = withCookie(await t.loginAsAdmin());
  adminKey = (await createKey(admin, 'Gateway')).token;
  url = `mqtt://127.0.0.1:${t.app.mqtt!.port}`;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await t.close();
});

describe('reports over MQTT', () => {
  it('applies a report (PUBACK once accepted) and a batch, visible through the API', async () => {
    const client = await connect('gw-ok');
    await publish(client, 'bpm/v1/probes/MQ-1/report', json(report('MQ-1')));
    await publish(client, 'bpm/v1/reports', json([report('MQ-2'), report('MQ-3')]), { qos: 0 });
    await publish(client, 'bpm/v1/probes/MQ-4/report', json(report('MQ-4'))); // QoS 1 after QoS 0: both applied
    expect(await probeIDs()).toEqual(expect.arrayContaining(['MQ-1', 'MQ-2', 'MQ-3', 'MQ-4']));
  });

  it('refuses each bad input with its reason on the client’s errors topic, applies nothing, and keeps serving', async () => {
    const client = await connect('gw-bad');
    await client.subscribeAsync('bpm/v1/clients/gw-bad/errors', { qos: 1 });
    const refused = async (send: () => Promise<unknown>): Promise<MqttError> => {
      const error = nextMessage<MqttError>(client, 'bpm/v1/clients/gw-bad/errors');
      await send();
      return error;
    };
    const big = Buffer.alloc(2 * 1024 * 1024, ' ');
    const cases: Array<[string, () => Promise<unknown>, RegExp]> = [
      ['malformed JSON', () => publish(client, 'bpm/v1/probes/BAD-1/report', '{"probeID":'), /not valid JSON/],
      ['topic id ≠ payload id', () => publish(client, 'bpm/v1/probes/BAD-2/report', json(report('BAD-X'))), /differs/],
      ['2 MiB payload', () => publish(client, 'bpm/v1/reports', big), /2097152 bytes: at most 1048576/],
      ['QoS 2', () => publish(client, 'bpm/v1/probes/BAD-3/report', json(report('BAD-3')), { qos: 2 }), /QoS 2/],
      ['retained', () => publish(client, 'bpm/v1/probes/BAD-4/report', json(report('BAD-4')), { retain: true }), /Retained/],
      ['other topic', () => publish(client, 'bpm/v1/alarms', json(report('BAD-5'))), /not allowed/],
      [
        'one bad item',
        () => publish(client, 'bpm/v1/reports', json([report('BAD-6'), report('BAD-7', { batteryPercentage: 101 })])),
        /100/,
      ],
    ];
    for (const [name, send, reason] of cases) {
      const error = await refused(send);
      expect(error.error, name).toMatch(reason);
    }
    const batch = await refused(() => publish(client, 'bpm/v1/reports', json([report('BAD-8'), report('bad id!')])));
    expect(batch).toMatchObject({ topic: 'bpm/v1/reports', details: [expect.objectContaining({ path: '1.probeID' })] });

    // Another client's errors: SUBACK failure (128), the reason on its own errors topic.
    const subscription = refused(() =>
      expect(client.subscribeAsync('bpm/v1/clients/gw-ok/errors')).rejects.toThrow(/Subscribe error/),
    );
    expect((await subscription).error).toMatch(/not allowed/);

    // Far over the limit, the packet is not even read: the connection ends.
    const huge = await connect('gw-huge');
    const closed = new Promise<void>((resolve) => huge.once('close', () => resolve()));
    huge.publish('bpm/v1/reports', Buffer.alloc(5 * 1024 * 1024, ' '), { qos: 0 });
    await closed;

    expect((await probeIDs()).filter((id) => id.startsWith('BAD'))).toEqual([]);
    await publish(client, 'bpm/v1/probes/MQ-5/report', json(report('MQ-5')));
    expect(await probeIDs()).toContain('MQ-5');
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: admin });
    expect(metrics.body).toMatch(/bpm_mqtt_errors_total\{kind="publish"\} (\d+)/);
    expect(Number(/bpm_mqtt_errors_total\{kind="publish"\} (\d+)/.exec(metrics.body)?.[1])).toBeGreaterThanOrEqual(8);
    expect(metrics.body).toMatch(/bpm_mqtt_connections [1-9]/);
  });

  it('speaks MQTT 5: PUBACK once accepted, and a refusal’s reason in its PUBACK (0x87) as on the errors topic', async () => {
    const client = await connect('gw-v5', adminKey, 5);
    await publish(client, 'bpm/v1/probes/V5-1/report', json(report('V5-1')));
    expect(await probeIDs()).toContain('V5-1');

    await client.subscribeAsync('bpm/v1/clients/gw-v5/errors');
    const reasons: string[] = [];
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'puback' && packet.reasonCode) reasons.push(packet.properties?.reasonString ?? '');
    });
    const error = nextMessage<MqttError>(client, 'bpm/v1/clients/gw-v5/errors');
    await expect(publish(client, 'bpm/v1/probes/V5-2/report', json(report('V5-X')))).rejects.toMatchObject({ code: 0x87 });
    expect(reasons).toEqual([expect.stringMatching(/topic's probeID "V5-2" differs/)]);
    expect((await error).error).toBe(reasons[0]);

    await publish(client, 'bpm/v1/probes/V5-3/report', json(report('V5-3')));
    expect(await probeIDs()).toEqual(expect.arrayContaining(['V5-1', 'V5-3']));
    expect(await probeIDs()).not.toEqual(expect.arrayContaining(['V5-2']));
  });

  it('needs Probes WRITE to publish and Alarms READ to follow alarms', async () => {
    await t.createUser({ username: 'olivia', password: 'operator-password', roleName: 'Operator' });
    const operator = withCookie(await t.login('olivia', 'operator-password'));
    const client = await connect('hmi-op', (await createKey(operator, 'HMI')).token);
    await client.subscribeAsync('bpm/v1/clients/hmi-op/errors');
    const error = nextMessage<MqttError>(client, 'bpm/v1/clients/hmi-op/errors');
    await publish(client, 'bpm/v1/probes/OP-1/report', json(report('OP-1')));
    expect((await error).error).toMatch(/Probes permission at level WRITE/);
    await expect(client.subscribeAsync('bpm/v1/alarms')).rejects.toThrow(/Subscribe error/);
    expect(await probeIDs()).not.toContain('OP-1');
    // Another user may not take over a connected gateway's client id (and so read its errors).
    await expect(connect('gw-bad', (await createKey(operator, 'Impostor')).token)).rejects.toMatchObject({ code: 2 });
  });

  it('publishes every alarm created or changed on bpm/v1/alarms, as the live feed carries it', async () => {
    const hmi = await connect('hmi-1');
    await hmi.subscribeAsync('bpm/v1/alarms', { qos: 1 });
    const alarms = nextMessage<{ messageType: string; alarms: Array<{ probeID: string; event: number }> }>(hmi, 'bpm/v1/alarms');
    const hot = report('HOT-1', { readings: readings(60, 59) });
    await publish(hmi, 'bpm/v1/probes/HOT-1/report', json(hot));
    expect(await alarms).toMatchObject({
      messageType: 'alarms',
      alarms: [expect.objectContaining({ probeID: 'HOT-1', event: 11 })],
    });
  });

  it('is fed by the simulator with --transport mqtt', async () => {
    const { startSimulator } = await import('@bpm/simulator');
    const before = (await probeIDs()).length;
    const simulator = startSimulator({
      url: '',
      key: adminKey,
      probes: 20,
      rate: 10,
      seed: 3,
      tickMs: 20,
      transport: 'mqtt',
      mqttUrl: url,
    });
    try {
      while (simulator.stats.accepted < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await simulator.stop();
    }
    expect(simulator.stats.failures).toBe(0);
    expect((await probeIDs()).length).toBe(before + 20);
  });

  it('ends a connection within 5 s of its key being revoked', async () => {
    const key = await createKey(admin, 'Revoked soon');
    const client = await connect('gw-revoked', key.token);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await t.app.inject({ method: 'DELETE', url: `/api/keys/${key.id}`, headers: admin });
    await closed;
    await expect(connect('gw-revoked-again', key.token)).rejects.toMatchObject({ code: 5 });
  });

  it('refuses a wrong key at CONNECT (not authorized), counted in the sign-in throttle', async () => {
    // The file's throttle allows 3 failures per address: one above, two here, then the API's sign-in is 429.
    await expect(connect('gw-wrong', 'bpm_not-a-key')).rejects.toMatchObject({ code: 5 });
    await expect(connect('gw-wrong', 'anything')).rejects.toMatchObject({ code: 5 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'wrong', rememberMe: false },
    });
    expect(login.statusCode).toBe(429);
  });
});

describe('the embedded broker’s listener', () => {
  const principal = {
    userId: 1,
    username: 'gateway',
    roleId: 1,
    permissions: new Map([['Probes', 'WRITE']] as const),
    via: 'apiKey' as const,
  };
  const warnings: string[] = [];
  const log = { info: () => undefined, debug: () => undefined, warn: (m: string) => warnings.push(m) };
  const broker = (options: Partial<EmbeddedBrokerOptions> = {}) =>
    new EmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      log: log as unknown as EmbeddedBrokerOptions['log'],
      principalOf: async (token) => (token === 'good-key' ? principal : null),
      signInFailed: async () => undefined,
      ingest: async () => ({}) as IngestResult,
      counters: new MqttCounters(),
      ...options,
    });

  it('speaks MQTT over TLS when given a certificate and key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bpm-mqtt-tls-'));
    const [certFile, keyFile] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
        ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
      ],
      { stdio: 'ignore' },
    );
    const ingested: unknown[] = [];
    const tls = broker({ tls: { certFile, keyFile }, ingest: async (data) => (ingested.push(data), {}) as IngestResult });
    try {
      const port = await tls.start();
      const client = await mqtt.connectAsync(`mqtts://127.0.0.1:${port}`, {
        ca: readFileSync(certFile), // verified against the certificate itself
        username: 'gateway',
        password: 'good-key',
        reconnectPeriod: 0,
        protocolVersion: 5,
      });
      await client.publishAsync('bpm/v1/probes/TLS-1/report', json(report('TLS-1')), { qos: 1 });
      await client.endAsync();
      expect(ingested).toEqual([expect.objectContaining({ probeID: 'TLS-1' })]);
    } finally {
      await tls.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves client ids and topics named like Object.prototype’s keys (aedes 2.0.0-beta.1 threw on them)', async () => {
    const plain = broker();
    try {
      const port = await plain.start();
      const options = { clientId: 'constructor', username: 'gateway', password: 'good-key', reconnectPeriod: 0 };
      const first = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { ...options, protocolVersion: 5 });
      const closed = new Promise<void>((resolve) => first.once('close', () => resolve()));
      const second = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, options); // takes the id over
      await closed;
      await second.unsubscribeAsync(['__proto__', 'toString']);
      await second.publishAsync('bpm/v1/probes/P-1/report', json(report('P-1')), { qos: 1 });
      await second.endAsync();
    } finally {
      await plain.close();
    }
  });

  it('looks a key up once for gateways reconnecting together on it, and once per recheck', async () => {
    let lookups = 0;
    const shared = broker({ principalOf: async () => (lookups++, principal) });
    try {
      const port = await shared.start();
      const options = { username: 'gateway', password: 'good-key', reconnectPeriod: 0 };
      const clients = await Promise.all(
        Array.from({ length: 20 }, (_, n) => mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { ...options, clientId: `gw-${n}` })),
      );
      expect(lookups).toBe(1);
      await shared.recheck();
      expect(lookups).toBe(2);
      await Promise.all(clients.map((client) => client.endAsync()));
    } finally {
      await shared.close();
    }
  });

  it('stops the start when BPM_MQTT_PORT is set and taken, only warns when the default port is taken', async () => {
    const holder = broker();
    const port = await holder.start();
    try {
      const where = `mqtt://127.0.0.1:${port}`;
      await expect(startOrExplain(broker({ port }), where, true, log)).rejects.toThrow(
        `The MQTT broker cannot listen on ${where} (BPM_MQTT_PORT): the port is taken`,
      );
      expect(await startOrExplain(broker({ port }), where, false, log)).toBeUndefined();
      expect(warnings).toEqual([expect.stringContaining(`MQTT broker not started: ${where}: the port is taken`)]);
    } finally {
      await holder.close();
    }
  });
});
