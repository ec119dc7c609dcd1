// On PostgreSQL, one instance runs the probe engine: the one holding a session advisory lock on a
// connection of its own (docs/deployment.md). Without cluster mode a second instance on the same database
// would run a second engine over the same snapshot, so it refuses to start instead.
import pg from 'pg';

/** PostgreSQL advisory lock key of the probe engine: "BPM" + 2 (start-up uses + 1, db/migrate.ts). */
export const engineLockKey = 0x42504d02;

export interface EngineLock {
  release(): Promise<void>;
}

/** Takes the engine lock, or answers null when another session holds it. */
export async function tryEngineLock(databaseUrl: string, onLost: (error: Error) => void): Promise<EngineLock | null> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bpm-engine-lock' });
  let released = false;
  // The lock lives as long as this session: losing the connection loses it.
  client.on('error', (error) => {
    if (!released) onLost(error);
  });
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [engineLockKey]);
  if (!rows[0]?.locked) {
    released = true;
    await client.end();
    return null;
  }
  return {
    async release() {
      if (released) return;
      released = true;
      await client.end(); // ending the session releases its advisory locks
    },
  };
}
