// The embedded broker on its own (docs/mqtt.md), a real MQTT client on a real port, no app: TLS, a taken port,
// keys rechecked, and wire names aedes 2.0.0-beta.1 mishandled. The app-level cases are in mqtt.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IngestResult } from '@bpm/protocol';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { monitored, readings } from '../../testing/report-fixtures.js';
import { EmbeddedBroker, type EmbeddedBrokerOptions } from './embedded-broker.js';
import { MqttCounters } from './mqtt-metrics.js';
import { startOrExplain } from './mqtt.plugin.js';

const json = (probeID: string) =>
  JSON.stringify({ probeID, readings: readings(31.4, 29.8), batteryPercentage: 83.5, assignment: monitored });

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
      await client.publishAsync('bpm/v1/probes/TLS-1/report', json('TLS-1'), { qos: 1 });
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
      await second.publishAsync('bpm/v1/probes/P-1/report', json('P-1'), { qos: 1 });
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

  it('ends the connections of a key revoked elsewhere at its next recheck, and refuses it (MQTT 5: 0x87)', async () => {
    let revoked = false;
    const checking = broker({ recheckMs: 50, principalOf: async () => (revoked ? null : principal) });
    try {
      const port = await checking.start();
      const options = { username: 'gateway', password: 'good-key', reconnectPeriod: 0, protocolVersion: 5 as const };
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, options);
      const disconnected = new Promise<number | undefined>((resolve) => client.once('disconnect', (p) => resolve(p.reasonCode)));
      revoked = true;
      expect(await disconnected).toBe(0x87);
      await expect(mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, options)).rejects.toMatchObject({ code: 0x87 });
    } finally {
      await checking.close();
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
