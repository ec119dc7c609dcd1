// CSV exports of alarms and journal entries (docs/alarms.md): the shared writer (csv-text.ts), UTF-8, a
// header row; built page by page as a stream, so a 100,000-row export never sits in memory whole.
import { Readable } from 'node:stream';
import { alarmCsvColumns, journalCsvColumns, type Alarm, type JournalEntry, type ProbeAssignment } from '@bpm/protocol';
import { csvLine, type CsvCell as Cell } from '../../csv-text.js';

const assignmentCells = (a: ProbeAssignment | null): Cell[] => [
  a?.buildStage?.id ?? null,
  a?.buildStage?.name ?? null,
  a?.agv?.id ?? null,
  a?.agv?.name ?? null,
  a?.batteryPack?.id ?? null,
  a?.batteryPack?.name ?? null,
];

export function alarmCsvLine(a: Alarm): string {
  return csvLine([
    a.id,
    a.probeID,
    a.event,
    a.eventType,
    a.state,
    a.raisedAt,
    a.clearedAt,
    a.raisedMessage,
    a.lastMessage,
    a.peak,
    ...assignmentCells(a.assignment),
    a.suppressed,
    a.acknowledgedAt,
    a.acknowledgedBy?.username ?? null,
    a.ackComment,
    a.shelvedUntil,
    a.shelvedBy?.username ?? null,
    a.shelveReason,
  ]);
}

export function journalCsvLine(e: JournalEntry): string {
  return csvLine([
    e.id,
    e.ts,
    e.probeID,
    e.event,
    e.eventType,
    e.eventString,
    e.suppressed,
    ...assignmentCells(e.assignment),
    e.alarmId,
  ]);
}

/** A stream of the header and then one chunk per page. */
export function csvStream<T>(columns: readonly string[], pages: AsyncIterable<T[]>, line: (row: T) => string): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield csvLine(columns);
    for await (const page of pages) yield page.map(line).join('');
  }
  return Readable.from(chunks());
}

export const alarmsCsv = (pages: AsyncIterable<Alarm[]>) => csvStream(alarmCsvColumns, pages, alarmCsvLine);
export const journalCsv = (pages: AsyncIterable<JournalEntry[]>) => csvStream(journalCsvColumns, pages, journalCsvLine);
