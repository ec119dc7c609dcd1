// Readiness (docs/deployment.md, "Health checks"): the database answers with this version's schema and, in
// cluster mode, Redis answers; plus whether this instance runs the engine.
import type { HealthReady } from '@bpm/protocol';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { latestMigration } from '../../db/migrate.js';

/** A check that takes longer than this counts as failed: a load balancer must not wait on a hung database. */
const checkTimeoutMs = 2000;

export interface ReadinessSources {
  db: Kysely<Database>;
  /** Cluster mode: answers when Redis does. */
  pingRedis?: () => Promise<unknown>;
  runsEngine: () => boolean;
}

async function passes(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), checkTimeoutMs);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function schemaIsCurrent(db: Kysely<Database>): Promise<boolean> {
  const untyped = db as unknown as Kysely<{ schema_migrations: { name: string } }>;
  const row = await untyped
    .selectFrom('schema_migrations')
    .select(sql<number>`1`.as('one'))
    .where('name', '=', latestMigration)
    .executeTakeFirst();
  return row !== undefined;
}

export async function readiness(sources: ReadinessSources): Promise<HealthReady> {
  const [database, redis] = await Promise.all([
    passes(() => schemaIsCurrent(sources.db)),
    sources.pingRedis ? passes(async () => (await sources.pingRedis?.(), true)) : Promise.resolve(undefined),
  ]);
  const ready = database && redis !== false;
  return {
    status: ready ? 'ready' : 'unavailable',
    database,
    ...(redis === undefined ? {} : { redis }),
    engine: sources.runsEngine(),
  };
}
