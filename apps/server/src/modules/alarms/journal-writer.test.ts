// The alarms journal's batch writes on a migrated SQLite file (docs/storage.md (Batched writes)): however the
// transactions are cut (rows, or the turn's budget), every entry is written once, in the order it was appended.
import { sql } from 'kysely';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { tempSqliteDatabase } from '../../testing/temp-storage.js';
import { JournalWriter, messageOnlyRounds } from './journal-writer.js';
import { systemAlarmEpisode } from './system-alarm.js';

const storage = tempSqliteDatabase('bpm-journal-writer-');

describe('JournalWriter', () => {
  it('with its turn budget already spent, writes every entry in order, one statement per transaction', async () => {
    const { db } = storage;
    const writer = new JournalWriter(db, pino({ level: 'silent' }), 60_000, {
      rowsPerTransaction: 250,
      rowsPerStatement: 7,
      budgetMs: 0,
    });
    const count = 1000;
    for (let i = 0; i < count; i += 1) {
      writer.append({
        ts: new Date(Date.UTC(2026, 10, 26, 12, 0, 0, i)).toISOString(),
        probeID: `P-${i}`,
        event: 20,
        eventType: 'Warning',
        eventString: 'Battery low',
        suppressed: false,
        assignment: null,
        alarmId: null,
      });
    }
    await writer.flush();
    const rows = await db.selectFrom('journal').select('probe_id').orderBy('id').execute();
    expect(rows.map((r) => r.probe_id)).toEqual(Array.from({ length: count }, (_, i) => `P-${i}`));
  });

  it('writes an alarm and its journal entry together: a failed write leaves neither, the next flush writes both', async () => {
    const { db } = storage;
    const writer = new JournalWriter(db, pino({ level: 'silent' }), 60_000);
    // An alarm and the entry that raised it, as the engine makes them (here the system alarm's).
    const { episode, entry } = systemAlarmEpisode(901, Date.UTC(2026, 11, 7, 8), Date.UTC(2026, 11, 7, 9), (ms) =>
      new Date(ms).toISOString(),
    );
    writer.markAlarm(episode);
    writer.append(entry);
    // The journal refuses this alarm's entries for one flush (a disk error, say).
    await sql`create temp trigger refuse_entry before insert on journal when new.alarm_id = 901
      begin select raise(abort, 'refused'); end`.execute(db);
    await writer.flush();
    const stored = async () => ({
      alarms: (await db.selectFrom('alarms').select('id').where('id', '=', 901).execute()).length,
      entries: (await db.selectFrom('journal').select('id').where('alarm_id', '=', 901).execute()).length,
    });
    expect(await stored()).toEqual({ alarms: 0, entries: 0 });
    await sql`drop trigger refuse_entry`.execute(db);
    await writer.flush();
    expect(await stored()).toEqual({ alarms: 1, entries: 1 });
  });

  it('writes a new message alone within its rounds, at once on a flush, and with the next round after another change', async () => {
    const { db } = storage;
    const writer = new JournalWriter(db, pino({ level: 'silent' }), 60_000);
    const { episode } = systemAlarmEpisode(902, Date.UTC(2026, 11, 8, 8), Date.UTC(2026, 11, 8, 9), (ms) =>
      new Date(ms).toISOString(),
    );
    const stored = async () =>
      (await db.selectFrom('alarms').select(['last_message', 'peak']).where('id', '=', 902).executeTakeFirst()) ?? null;
    writer.markAlarm(episode);
    await writer.round();
    const raisedWith = episode.lastMessage;
    expect(await stored()).toMatchObject({ last_message: raisedWith });

    // A message alone: stored on the round messageOnlyRounds later, not before.
    episode.lastMessage = 'second message';
    writer.markAlarm(episode, true);
    for (let round = 1; round < messageOnlyRounds; round++) {
      await writer.round();
      episode.lastMessage = `message after round ${round}`;
      writer.markAlarm(episode, true); // a message each second does not put the write off
    }
    expect(await stored()).toMatchObject({ last_message: raisedWith });
    await writer.round();
    expect(await stored()).toMatchObject({ last_message: `message after round ${messageOnlyRounds - 1}` });

    // A reader's flush writes a waiting message at once.
    episode.lastMessage = 'flushed message';
    writer.markAlarm(episode, true);
    await writer.flush();
    expect(await stored()).toMatchObject({ last_message: 'flushed message' });

    // A change beside the message (here the peak) is written by the next round, with the latest message.
    episode.lastMessage = 'waiting message';
    writer.markAlarm(episode, true);
    episode.peak = 61;
    episode.lastMessage = 'message with the peak';
    writer.markAlarm(episode);
    await writer.round();
    expect(await stored()).toMatchObject({ last_message: 'message with the peak', peak: 61 });
  });
});
