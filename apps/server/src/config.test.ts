// Environment → AppConfig (docs/settings.md): defaults, switches, and a clear refusal of bad values.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the design’s defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      simulator: false,
      logLevel: 'info',
      passwordHashLog2N: 17,
      logRetention: { maxEntries: 100_000, maxAgeDays: 30 },
    });
    expect(config.adminPassword).toBeUndefined();
    expect(config.publicHost).toBeUndefined();
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      BPM_DATA_DIR: '/tmp/bpm-data',
      BPM_ADMIN_PASSWORD: 'from-the-env',
      BPM_PUBLIC_HOST: 'Plant.Example.com',
      BPM_SIMULATOR: 'on',
      BPM_LOG_MAX_ENTRIES: '5000',
      BPM_TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '127.0.0.1',
      dataDir: '/tmp/bpm-data',
      adminPassword: 'from-the-env',
      publicHost: 'plant.example.com',
      simulator: true,
      trustProxy: ['loopback'],
      logRetention: { maxEntries: 5000, maxAgeDays: 30 },
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ BPM_ADMIN_PASSWORD: '', BPM_PUBLIC_HOST: ' ' })).toMatchObject({
      adminPassword: undefined,
      publicHost: undefined,
    });
  });

  it('refuses bad values, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ BPM_SIMULATOR: 'maybe' })).toThrow(/BPM_SIMULATOR/);
    expect(() => loadConfig({ BPM_PUBLIC_HOST: 'https://plant.example.com/' })).toThrow(/BPM_PUBLIC_HOST/);
    expect(() => loadConfig({ BPM_TRUST_PROXY: 'proxy.example.com' })).toThrow(/BPM_TRUST_PROXY/);
    expect(() => loadConfig({ BPM_TRUST_PROXY: '10.0.0.0/8/1' })).toThrow(/BPM_TRUST_PROXY/);
  });

  it('takes cluster mode only on PostgreSQL: BPM_REDIS_URL without DATABASE_URL is refused', () => {
    expect(() => loadConfig({ BPM_REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/BPM_REDIS_URL.*needs DATABASE_URL/);
    expect(loadConfig({ BPM_REDIS_URL: 'redis://r:6379', DATABASE_URL: 'postgres://db/bpm' })).toMatchObject({
      redisUrl: 'redis://r:6379',
      databaseUrl: 'postgres://db/bpm',
    });
    expect(loadConfig({}).redisUrl).toBeUndefined();
  });

  it('refuses the demo simulator in cluster mode: every instance would run a plant of its own', () => {
    const cluster = { BPM_REDIS_URL: 'redis://r:6379', DATABASE_URL: 'postgres://db/bpm' };
    expect(() => loadConfig({ ...cluster, BPM_SIMULATOR: 'on' })).toThrow(
      /BPM_SIMULATOR=on is refused in cluster mode \(BPM_REDIS_URL\).*set BPM_SIMULATOR=off/,
    );
    expect(loadConfig({ ...cluster, BPM_SIMULATOR: 'off' })).toMatchObject({ simulator: false, redisUrl: 'redis://r:6379' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/bpm', BPM_SIMULATOR: 'on' }).simulator).toBe(true);
  });

  it('takes the trusted proxies as addresses and CIDRs, and off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ BPM_TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ BPM_TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
    ]);
  });

  it('hashes passwords at OWASP’s scrypt cost unless a test (NODE_ENV=test) lowers it; a server not under test refuses', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashLog2N).toBe(17);
    expect(loadConfig({ NODE_ENV: 'test', BPM_TEST_PASSWORD_HASH_LOG2N: '12' }).passwordHashLog2N).toBe(12);
    expect(() => loadConfig({ BPM_TEST_PASSWORD_HASH_LOG2N: '12' })).toThrow(/BPM_TEST_PASSWORD_HASH_LOG2N is for tests only/);
    expect(() => loadConfig({ NODE_ENV: 'production', BPM_TEST_PASSWORD_HASH_LOG2N: '12' })).toThrow(/for tests only/);
    expect(() => loadConfig({ NODE_ENV: 'test', BPM_TEST_PASSWORD_HASH_LOG2N: '4' })).toThrow(/BPM_TEST_PASSWORD_HASH_LOG2N/);
  });

  it('runs the embedded MQTT broker on 1883 unless told otherwise; a plant broker (BPM_MQTT_URL) replaces it', () => {
    expect(loadConfig({}).mqtt).toEqual({ port: 1883, portGiven: false, tls: undefined, url: undefined });
    expect(loadConfig({ BPM_MQTT_PORT: 'off' }).mqtt.port).toBeNull();
    expect(loadConfig({ BPM_MQTT_PORT: '8883', BPM_MQTT_TLS_CERT: 'c.pem', BPM_MQTT_TLS_KEY: 'k.pem' }).mqtt).toEqual({
      port: 8883,
      portGiven: true,
      tls: { certFile: resolve('c.pem'), keyFile: resolve('k.pem') },
      url: undefined,
    });
    expect(loadConfig({ BPM_MQTT_URL: 'mqtts://bpm:secret@broker:8883' }).mqtt).toMatchObject({
      port: null,
      url: 'mqtts://bpm:secret@broker:8883',
    });
    expect(() => loadConfig({ BPM_MQTT_PORT: 'on' })).toThrow(/BPM_MQTT_PORT must be a port number/);
    expect(() => loadConfig({ BPM_MQTT_PORT: '70000' })).toThrow(/BPM_MQTT_PORT must be a port number/);
    expect(() => loadConfig({ BPM_MQTT_TLS_CERT: 'c.pem' })).toThrow(/BPM_MQTT_TLS_CERT and BPM_MQTT_TLS_KEY go together/);
    expect(() => loadConfig({ BPM_MQTT_URL: 'http://broker' })).toThrow(/mqtt:\/\/ or mqtts:\/\//);
  });
});
