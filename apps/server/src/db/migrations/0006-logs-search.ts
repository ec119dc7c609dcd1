// Frozen: a full-text index over the log store for GET /system/logs?q= (docs/decisions/live-format.md#fts5-trigram-on-sqlite).
// Never edit; add a new migration. SQLite: an FTS5 table with the trigram tokenizer (substring matches, case-insensitive) whose
// content is the logs table itself, kept in step by triggers; the rowid order of logs is its ts order (entries are inserted in ts
// order and only the oldest are deleted). PostgreSQL gets no index here: its search is the portable substring match of
// db/log-search.ts (a pg_trgm index needs an extension a plant's DBA must allow).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect.js';

export const logsSearch: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === 'postgres') return;
    await sql`create virtual table logs_fts using fts5(level, msg, content='logs', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger logs_fts_insert after insert on logs begin
      insert into logs_fts(rowid, level, msg) values (new.rowid, new.level, new.msg);
    end`.execute(db);
    await sql`create trigger logs_fts_delete after delete on logs begin
      insert into logs_fts(logs_fts, rowid, level, msg) values ('delete', old.rowid, old.level, old.msg);
    end`.execute(db);
    await sql`insert into logs_fts(logs_fts) values ('rebuild')`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === 'postgres') return;
    await sql`drop trigger logs_fts_delete`.execute(db);
    await sql`drop trigger logs_fts_insert`.execute(db);
    await sql`drop table logs_fts`.execute(db);
  },
};
