// Probe data over MQTT against the embedded broker (docs/mqtt.md): a real MQTT client on a real port, one app
// for the file. Reports are seen through the API; each bad input is refused with its reason on the client's
// errors topic, nothing of it applied, and the client keeps being served. The broker's own cases (TLS, a taken
// port, rechecks) are in embedded-broker.test.ts, without an app.
import type { Probe, ProbeReportInput } from '@bpm/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../../testing/test-app.js';
import { monitored, readings } from '../../testing/report-fixtures.js';
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
