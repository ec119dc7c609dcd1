// Frozen: block summaries for the log search on PostgreSQL (docs/decisions/live-format.md#block-summaries-on-postgresql;
// docs/storage.md "Log search"). Never edit; add a new migration. SQLite needs none: FTS5 reads its matches newest first.
// `logs_blocks` holds one row per 1,024 consecutive entries (in ts order): the range (after_ts, last_ts] and every trigram of the
// block's lower-cased text folded by logs_search_fold into letters and digits (pg_trgm keeps only those), punctuation included,
// so `q`'s punctuation narrows the blocks too; character for character, so a substring of lower(msg) stays a substring once
// folded. Under a GIN index. The search asks
// it which blocks can hold `q` (each 3-character window of the folded `q`) and walks only those, newest
// first. A summary is a superset: an entry deleted later leaves its trigrams behind (harmless, the LIKE
// decides), while an entry inserted or changed inside a summarised range deletes that summary and every
// newer one (triggers below), so no entry is ever left out. Summaries are written by the inserting
// statement once 1,024 entries are unsummarised, under a transaction advisory lock so that a summary sees
// every insert before it. Needs pg_trgm's show_trgm (migration 0009); without the extension nothing is
// created and the search keeps the planner's query.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect.js';

const savepoint = sql.raw('bpm_logs_search_blocks');
/** Advisory lock key of the summaries: "BPM" + 3 (db/migrate.ts uses + 1, db/engine-lock.ts + 2). */
const lockKey = sql.raw(String(0x42504d03));

/**
 * The body of logs_search_fold, one character for one: pg_trgm keeps only letters and digits, so five rare
 * letters give up their own code (q and x become k, z becomes s, j and y become i) to stand for a space, '-',
 * '/' and '.' (z, q, j, y); every other character is x. "req-1" becomes "rekq1", whose trigram "kq1" only a
 * k, q or x before "-1" gives (a code of two characters would split "q-" and "-1" into two trigrams that
 * every block holds apart).
 */
const fold = `regexp_replace(translate(t, 'qxzjy -/.', 'kksiizqjy'), '[^a-z0-9]', 'x', 'g')`;

export const logsSearchBlocks: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== 'postgres') return;
    const trgm = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (trgm.rows[0]?.n !== 1) return;
    await sql`savepoint ${savepoint}`.execute(db);
    try {
      await sql`create function logs_search_fold(t text) returns text language sql immutable strict parallel safe
        as $$ select ${sql.raw(fold)} $$`.execute(db);
      await sql`create table logs_blocks (
        after_ts varchar(20) not null, last_ts varchar(20) primary key, trigrams text[] not null)`.execute(db);
      // The newest `n` blocks holding every key, from the GIN index: a few hundred rows of 3,000 trigrams
      // each look cheap to scan to the planner, which does not count unpacking each row's array (200 ms).
      await sql`create function logs_blocks_holding(keys text[], n int) returns table (after_ts varchar, last_ts varchar)
        language sql stable set enable_seqscan = off set enable_indexscan = off
        as $$ select after_ts, last_ts from logs_blocks where trigrams @> keys order by last_ts desc limit n $$`.execute(db);
      // Summarises every complete block of 1,024 unsummarised entries; drops the blocks retention emptied.
      await sql`create function logs_blocks_summarize() returns void language plpgsql as $$
        declare
          newest varchar(20);
        begin
          delete from logs_blocks where last_ts < (select min(ts) from logs);
          loop
            select coalesce(max(last_ts), '') into newest from logs_blocks;
            insert into logs_blocks (after_ts, last_ts, trigrams)
              select newest, max(b.ts), show_trgm(logs_search_fold(string_agg(lower(b.level) || ' ' || lower(b.msg), ' ')))
              from (select ts, level, msg from logs where ts > newest order by ts limit 1024) b
              having count(*) = 1024;
            exit when not found;
          end loop;
        end $$`.execute(db);
      await sql`create function logs_blocks_after_insert() returns trigger language plpgsql as $$
        begin
          perform pg_advisory_xact_lock(${lockKey});
          delete from logs_blocks where last_ts >= (select min(ts) from new_entries);
          -- Another isolation level keeps its first snapshot: it may not see what the lock waited for.
          if current_setting('transaction_isolation') = 'read committed' and exists (
            select 1 from logs where ts > coalesce((select max(last_ts) from logs_blocks), '') offset 1023) then
            perform logs_blocks_summarize();
          end if;
          return null;
        end $$`.execute(db);
      await sql`create function logs_blocks_after_update() returns trigger language plpgsql as $$
        begin
          perform pg_advisory_xact_lock(${lockKey});
          delete from logs_blocks
          where last_ts >= least((select min(ts) from old_entries), (select min(ts) from new_entries));
          return null;
        end $$`.execute(db);
      await sql`create function logs_blocks_after_truncate() returns trigger language plpgsql as $$
        begin
          perform pg_advisory_xact_lock(${lockKey});
          delete from logs_blocks;
          return null;
        end $$`.execute(db);
      await sql`create trigger logs_blocks_insert after insert on logs referencing new table as new_entries
        for each statement execute function logs_blocks_after_insert()`.execute(db);
      await sql`create trigger logs_blocks_update after update on logs
        referencing old table as old_entries new table as new_entries
        for each statement execute function logs_blocks_after_update()`.execute(db);
      await sql`create trigger logs_blocks_truncate after truncate on logs
        for each statement execute function logs_blocks_after_truncate()`.execute(db);
      // The entries already stored (about 25 s for 1,000,000 on a busy 2-core machine).
      await sql`select logs_blocks_summarize()`.execute(db);
      // Without the pending list: every search would scan it (20 blocks pending added 3-6 ms a search); a
      // block's keys go straight into the index instead (about 13 ms more per 1,024 entries written).
      await sql`create index logs_blocks_trigrams on logs_blocks using gin (trigrams) with (fastupdate = off)`.execute(db);
      await sql`release savepoint ${savepoint}`.execute(db);
    } catch (error) {
      await sql`rollback to savepoint ${savepoint}`.execute(db);
      process.stderr.write(
        `[bpm] no block summaries for the log search (${error instanceof Error ? error.message : String(error)}): ` +
          'a common text whose matches are all old is searched slowly; see docs/storage.md "Log search"\n',
      );
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== 'postgres') return;
    await sql`drop trigger if exists logs_blocks_truncate on logs`.execute(db);
    await sql`drop trigger if exists logs_blocks_update on logs`.execute(db);
    await sql`drop trigger if exists logs_blocks_insert on logs`.execute(db);
    await sql`drop function if exists logs_blocks_after_truncate()`.execute(db);
    await sql`drop function if exists logs_blocks_after_update()`.execute(db);
    await sql`drop function if exists logs_blocks_after_insert()`.execute(db);
    await sql`drop function if exists logs_blocks_summarize()`.execute(db);
    await sql`drop function if exists logs_blocks_holding(text[], int)`.execute(db);
    await sql`drop table if exists logs_blocks`.execute(db);
    await sql`drop function if exists logs_search_fold(text)`.execute(db);
  },
};
