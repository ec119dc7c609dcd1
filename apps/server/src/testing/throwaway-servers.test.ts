// The test harness's own servers are real: PostgreSQL answers SQL, Redis answers commands, and both go
// away when stopped.
import { connect } from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { startThrowawayPostgres } from './throwaway-postgres.js';
import { startThrowawayRedis } from './throwaway-redis.js';

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('throwaway test servers', () => {
  it('starts a PostgreSQL 15 that answers SQL, and stops it by pid', async () => {
    const server = await startThrowawayPostgres();
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query<{ v: string }>("select current_setting('server_version') as v");
      await client.end();
      expect(rows[0]?.v).toMatch(/^15\./);
    } finally {
      server.stop();
    }
    expect(await portAnswers(server.port)).toBe(false);
  });

  it('starts a Redis that answers commands, and stops it by pid', async () => {
    const server = await startThrowawayRedis();
    try {
      const redis = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
      await redis.set('bpm', 'ok');
      expect(await redis.get('bpm')).toBe('ok');
      redis.disconnect();
    } finally {
      server.stop();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await portAnswers(server.port)).toBe(false);
  });
});
