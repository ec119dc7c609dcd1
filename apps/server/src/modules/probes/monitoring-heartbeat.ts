// When the engine was last known to be monitoring (docs/alarms.md "System alarm"): written every few seconds
// while it runs and once more when it stops, read at the next start (or by the engine that takes over in a
// cluster) to tell the time nobody watched the probes.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How stale the stored time may be after a crash: the downtime reported starts at most this much early. */
export const heartbeatIntervalMs = 5000;

export async function loadMonitoredAt(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db.selectFrom('monitoring').select('monitored_at').where('id', '=', 1).executeTakeFirst();
  return row ? Date.parse(row.monitored_at) : undefined;
}

async function saveMonitoredAt(db: Kysely<Database>, ms: number): Promise<void> {
  const monitored_at = new Date(ms).toISOString();
  await db
    .insertInto('monitoring')
    .values({ id: 1, monitored_at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ monitored_at }))
    .execute();
}

export class MonitoringHeartbeat {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), heartbeatIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beat();
  }

  private async beat(): Promise<void> {
    try {
      await saveMonitoredAt(this.db, this.clock());
    } catch (error) {
      this.log.error({ err: error }, 'monitoring heartbeat write failed');
    }
  }
}
