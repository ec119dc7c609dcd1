// PostgreSQL only (the "node-pg" project): the log search's trigram indexes (migration
// 0009-logs-search-postgres, docs/storage.md "Log search"): a rare text is found through
// them rather than by reading every entry, and a database that refuses the extension still starts and
// searches, only by a scan. The block summaries (migration 0010-logs-search-blocks): a text whose matches
// are all old is answered by walking only the blocks that can hold it, and stays exact when entries are
// written into or changed in a summarised stretch, or were there before the migration.
import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it, vi } from 'vitest';
import { createTestApp, withCookie, type TestApp } from '../testing/test-app.js';
import { blockSearch, blocksWalked, substringSearch } from './log-search.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

const search = async (t: TestApp, q: string) => {
  const admin = await t.loginAsAdmin();
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/system/logs?q=${encodeURIComponent(q)}`,
    headers: withCookie(admin),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Array<{ msg: string }>).map((e) => e.msg);
};

describe('the log search on PostgreSQL', () => {
  it('finds a rare text through the trigram indexes of level and message, wildcards taken literally', async () => {
    const t = await createTestApp();
    try {
      // 20,000 older entries, a few holding the texts, and the statistics autovacuum would gather.
      await sql`insert into logs (ts, level, msg)
        select lpad(n::text, 19, '0'), 'info', 'GET /api/probes/P-' || n || case
          when n = 777 then ' Needle-Text 5%_off C:\\tmp'
          when n = 778 then ' Needle-Text 5x_off C:\\tmp'
          when n = 779 then ' Needle-Text 5%xoff C:tmp'
          else '' end
        from generate_series(1, 20000) n`.execute(t.app.db);
      await sql`vacuum analyze logs`.execute(t.app.db);
      const plan = async (q: string) => {
        const query = substringSearch(t.app.db, q, 50, 0).compile();
        const explained = await t.app.db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
        return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      for (const q of ['needle-TEXT', 'needle-text 5%_OFF', 'Text 5%x', 'TEXT 5x_off c:\\']) {
        expect(await plan(q), q).toContain('Bitmap Index Scan on logs_msg_trgm');
        expect(await plan(q), q).toContain('Bitmap Index Scan on logs_level_trgm');
      }
      expect(await search(t, 'needle-TEXT')).toEqual([
        'GET /api/probes/P-779 Needle-Text 5%xoff C:tmp',
        'GET /api/probes/P-778 Needle-Text 5x_off C:\\tmp',
        'GET /api/probes/P-777 Needle-Text 5%_off C:\\tmp',
      ]);
      expect(await search(t, 'needle-text 5%_OFF')).toEqual(['GET /api/probes/P-777 Needle-Text 5%_off C:\\tmp']);
      expect(await search(t, 'Text 5%x')).toEqual(['GET /api/probes/P-779 Needle-Text 5%xoff C:tmp']);
      expect(await search(t, 'TEXT 5x_off c:\\')).toEqual(['GET /api/probes/P-778 Needle-Text 5x_off C:\\tmp']);
    } finally {
      await t.close();
    }
  });

  it('starts and searches by a scan when the database refuses the pg_trgm extension', async () => {
    // A role that may create tables but not extensions (no CREATE on its database), as a careful DBA grants.
    const server = inject('bpmPostgresServer');
    const suffix = randomBytes(4).toString('hex');
    const role = `bpm_no_ext_${suffix}`;
    const database = `bpm_no_ext_${suffix}`;
    const asSuperuser = async (db: string, statements: string[]) => {
      const client = new pg.Client({ connectionString: `${server}/${db}` });
      await client.connect();
      try {
        for (const statement of statements) await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await asSuperuser('postgres', [`create role ${role} login`, `create database ${database}`]);
    await asSuperuser(database, [`grant create on schema public to ${role}`]);
    const stderr = vi.spyOn(process.stderr, 'write');
    try {
      const t = await createTestApp({ databaseUrl: `${server.replace('//bpm@', `//${role}@`)}/${database}` });
      try {
        expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toMatch(
          /no trigram index for the log search \(permission denied to create extension "pg_trgm"\)/,
        );
        t.app.log.warn('Probe gateway 100% slow_now');
        t.app.log.info('Probe gateway 100x slowXnow');
        expect(await search(t, 'GATEWAY 100% SLOW_')).toEqual(['Probe gateway 100% slow_now']);
        const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'logs'`.execute(
          t.app.db,
        );
        expect(indexes.rows.map((r) => r.indexname)).not.toContain('logs_msg_trgm');
      } finally {
        await t.close();
      }
    } finally {
      stderr.mockRestore();
      await asSuperuser('postgres', [`drop database if exists ${database} with (force)`, `drop role if exists ${role}`]);
    }
  });
});

/** 6,000 entries before the app's own: the oldest 100 hold "Req-1%_x" and the rest "req-2%_x", so every block has the text's letters. */
const oldMatches = async (db: Kysely<Database>) => {
  await sql`insert into logs (ts, level, msg)
    select lpad((n * 10)::text, 19, '0'), 'info', 'GET /api/probes/P-' || (n % 50) || ' 200 ' ||
      case when n <= 100 then 'Req-1%_x ' else 'req-2%_x ' end || n
    from generate_series(1, 6000) n`.execute(db);
};
const expectedOld = (ns: number[]) => ns.map((n) => `GET /api/probes/P-${n % 50} 200 Req-1%_x ${n}`);
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

/** The page from the block summaries alone, as db/log-search.ts asks them (undefined: the planner would be asked). */
const fromBlocks = async (db: Kysely<Database>, q: string, limit: number, offset: number) => {
  const { rows } = await blockSearch(q, limit, offset).execute(db);
  const found = rows.filter((r) => r.msg !== null);
  if (found.length < offset + limit && (rows[0]?.candidates ?? 0) > blocksWalked(offset + limit)) return undefined;
  return found.slice(offset).map((r) => r.msg);
};

describe('the block summaries of the log search on PostgreSQL', () => {
  it('answers a text whose matches are all old from the blocks that hold it, newest first, wildcards literal', async () => {
    const t = await createTestApp();
    try {
      await oldMatches(t.app.db);
      const blocks = await sql<{ n: number }>`select count(*)::int as n from logs_blocks`.execute(t.app.db);
      expect(blocks.rows[0]?.n).toBeGreaterThanOrEqual(5);
      expect(await fromBlocks(t.app.db, 'REQ-1%_', 50, 0)).toEqual(expectedOld(range(100, 51)));
      expect(await fromBlocks(t.app.db, 'REQ-1%_', 50, 50)).toEqual(expectedOld(range(50, 1)));
      expect(await fromBlocks(t.app.db, 'req-1%x', 50, 0)).toEqual([]);
      expect(await search(t, 'REQ-1%_')).toEqual(expectedOld(range(100, 51)));
    } finally {
      await t.close();
    }
  });

  it('answers a rare text that every block may hold from the trigram indexes, once the walked blocks leave the page short', async () => {
    const t = await createTestApp();
    try {
      // Every block holds the trigrams of "p-0042" (p-0001 … p-0096 in turn), one entry in 97 the text itself: the
      // newest three blocks hold about 31 of them, short of a page of 50.
      await sql`insert into logs (ts, level, msg)
        select lpad((n * 10)::text, 19, '0'), 'info', 'GET /api/probes/P-' || lpad((n % 97)::text, 4, '0') || ' 200 #' || n
        from generate_series(1, 6000) n`.execute(t.app.db);
      expect(await fromBlocks(t.app.db, 'P-0042', 50, 0)).toBeUndefined();
      const newest = Array.from({ length: 6000 }, (_, i) => 6000 - i).filter((n) => n % 97 === 42);
      expect(await search(t, 'p-0042')).toEqual(newest.slice(0, 50).map((n) => `GET /api/probes/P-0042 200 #${n}`));
    } finally {
      await t.close();
    }
  });

  it('finds an entry written into, or changed in, a stretch already summarised', async () => {
    const t = await createTestApp();
    try {
      await oldMatches(t.app.db);
      // Between entries 3,000 and 3,001, and entry 4,000 changed: both in summarised blocks.
      await sql`insert into logs (ts, level, msg) values (lpad('30005', 19, '0'), 'info', 'late Req-1%_x 3000.5')`.execute(
        t.app.db,
      );
      await sql`update logs set msg = 'changed Req-1%_x 4000' where ts = lpad('40000', 19, '0')`.execute(t.app.db);
      const page = ['changed Req-1%_x 4000', 'late Req-1%_x 3000.5', ...expectedOld(range(100, 53))];
      expect(await fromBlocks(t.app.db, 'req-1%_', 50, 0)).toEqual(page);
      expect(await search(t, 'req-1%_')).toEqual(page);
    } finally {
      await t.close();
    }
  });

  it('summarises the entries a database already holds when the migration runs', async () => {
    const t = await createTestApp();
    try {
      const migration = migrations['0010-logs-search-blocks']!;
      // Migrations run in one transaction (db/migrate.ts).
      await t.app.db.transaction().execute((tx) => migration.down!(tx));
      await oldMatches(t.app.db);
      await t.app.db.transaction().execute((tx) => migration.up(tx));
      const blocks = await sql<{ n: number }>`select count(*)::int as n from logs_blocks`.execute(t.app.db);
      expect(blocks.rows[0]?.n).toBeGreaterThanOrEqual(5);
      expect(await fromBlocks(t.app.db, 'REQ-1%_', 50, 0)).toEqual(expectedOld(range(100, 51)));
    } finally {
      await t.close();
    }
  });
});
