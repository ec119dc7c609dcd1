// Cluster mode's MQTT (docs/mqtt.md (Cluster mode)), PostgreSQL project only: a real Mosquitto, Redis and two
// BPM instances on one database, each a client of Mosquitto with the shared subscription. A run of reports is
// ingested exactly once, shared between the instances, and each alarm is published once, by the engine.
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitored, readings } from '../../testing/report-fixtures.js';
import { tempDataDir } from '../../testing/temp-storage.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { startThrowawayMosquitto, type ThrowawayMosquitto } from '../../testing/throwaway-mosquitto.js';
import { startThrowawayRedis, type ThrowawayRedis } from '../../testing/throwaway-redis.js';

let redis: ThrowawayRedis;
let mosquitto: ThrowawayMosquitto;
const instances: TestApp[] = [];
let device: MqttClient;
const dataDir = tempDataDir('bpm-mqtt-cluster-');

beforeAll(async () => {
  [redis, mosquitto] = await Promise.all([startThrowawayRedis(), startThrowawayMosquitto()]);
  const options = { dataDir, redisUrl: redis.url, mqtt: { port: null, portGiven: false, url: mosquitto.url } };
  instances.push(await createTestApp(options));
  instances.push(await createTestApp({ ...options, databaseUrl: instances[0]!.config.databaseUrl }));
  device = await mqtt.connectAsync(mosquitto.url, { protocolVersion: 5, clientId: 'line-gateway', reconnectPeriod: 0 });
});

afterAll(async () => {
  await device?.endAsync(true);
  for (const instance of instances.reverse()) await instance.close();
  mosquitto?.stop();
  redis?.stop();
});

async function metric(instance: TestApp, name: string): Promise<number> {
  const key = (await createKeyOnce(instance)) as string;
  const body = (await instance.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${key}` } })).body;
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1] ?? NaN);
}

let key: string | undefined;
async function createKeyOnce(instance: TestApp): Promise<string> {
  if (key) return key;
  const cookie = await instance.loginAsAdmin();
  const expirationDate = new Date(Date.now() + 86_400_000).toISOString();
  const response = await instance.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { cookie, origin: 'http://localhost' },
    payload: { name: 'metrics', expirationDate },
  });
  key = response.json<{ token: string }>().token;
  return key;
}

async function engineAndMember(): Promise<[TestApp, TestApp]> {
  for (;;) {
    const engine = instances.find((instance) => instance.app.cluster.runsEngine());
    if (engine) return [engine, instances.find((instance) => instance !== engine)!];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const report = (probeID: string, temperature = 30) => ({
  probeID,
  timestamp: new Date().toISOString(),
  readings: readings(temperature, temperature - 1),
  batteryPercentage: 80,
  assignment: monitored,
});

describe('cluster mode over the plant’s MQTT broker', () => {
  it('ingests every report of a run exactly once, shared between the instances', async () => {
    const [engine] = await engineAndMember();
    const run = 100;
    for (let i = 0; i < run; i++) {
      const topic = i % 2 ? `bpm/v1/probes/MQC-${i}/report` : 'bpm/v1/reports';
      await device.publishAsync(topic, JSON.stringify(i % 2 ? report(`MQC-${i}`) : [report(`MQC-${i}`)]), { qos: 1 });
    }
    // Each received publish is acknowledged to Mosquitto once the engine accepted it: wait for them all.
    let received = [0, 0];
    while (received[0]! + received[1]! < run) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      received = await Promise.all(instances.map((instance) => metric(instance, 'bpm_mqtt_messages_received_total')));
    }
    expect(received[0]! + received[1]!).toBe(run);
    expect(Math.min(...received)).toBeGreaterThan(0); // both instances took their share
    const listed = await engine.app.inject({
      method: 'GET',
      url: '/api/probes',
      headers: { authorization: `Bearer ${await createKeyOnce(engine)}` },
    });
    expect(listed.json<Array<{ probeID: string }>>().filter((probe) => probe.probeID.startsWith('MQC-'))).toHaveLength(run);
    expect(await metric(engine, 'bpm_reports_accepted_total')).toBe(run);
    expect(await metric(engine, 'bpm_reports_ignored_total')).toBe(0);
  });

  it('publishes each alarm once, from the engine instance', async () => {
    const [engine, member] = await engineAndMember();
    const hmi = await mqtt.connectAsync(mosquitto.url, { protocolVersion: 5, clientId: 'line-hmi', reconnectPeriod: 0 });
    try {
      await hmi.subscribeAsync('bpm/v1/alarms', { qos: 1 });
      const received: Array<{ alarms: Array<{ id: number; probeID: string }> }> = [];
      hmi.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString())));
      // The member's hub sees the alarm through Redis; once it has, it has decided (not) to publish it.
      const seenByMember = new Promise<void>((resolve) => {
        const publish = member.app.liveHub.onAlarms;
        member.app.liveHub.onAlarms = (alarms) => {
          publish?.(alarms);
          if (alarms.some((alarm) => alarm.probeID === 'MQC-HOT')) resolve();
        };
      });
      const before = await metric(member, 'bpm_mqtt_messages_published_total');
      await device.publishAsync('bpm/v1/probes/MQC-HOT/report', JSON.stringify(report('MQC-HOT', 60)), { qos: 1 });
      await seenByMember;
      while (!received.some((message) => message.alarms.some((alarm) => alarm.probeID === 'MQC-HOT')))
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await metric(member, 'bpm_mqtt_messages_published_total')).toBe(before);
      expect(await metric(engine, 'bpm_mqtt_messages_published_total')).toBeGreaterThan(0);
    } finally {
      await hmi.endAsync(true);
    }
  });
});
