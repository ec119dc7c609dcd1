// One log entry: 24-hour date-time, level and the ANSI-coloured message (docs/screens.md (Logs)).
import type { LogEntry } from '@bpm/protocol';
import { Badge } from '@mantine/core';
import { memo } from 'react';
import { AnsiText } from './ansi-text';
import { formatLogTime } from '../log-time';
import classes from './log-row.module.css';

const levelColours: Record<string, string> = {
  fatal: 'red',
  error: 'red',
  warn: 'orange',
  warning: 'orange',
  info: 'blue',
  debug: 'gray',
  trace: 'gray',
};

/**
 * Every row is at least this tall, px, and a one-line entry exactly this tall (27.6 px of content in Chromium), so the
 * list's estimate is its measured size: a row measured at another size makes the virtualiser re-place every row after
 * it, thousands per frame while scrolling (docs/decisions/admin.md#scroll-frames).
 */
export const logRowHeight = 30;

export const LogRow = memo(function LogRow({ entry, isNew }: { entry: LogEntry; isNew: boolean }) {
  return (
    <div className={classes.row} style={{ minHeight: logRowHeight }} data-new={isNew || undefined}>
      <time className={classes.time}>{formatLogTime(entry.ts)}</time>
      <Badge className={classes.level} size="sm" variant="light" color={levelColours[entry.level.toLowerCase()] ?? 'gray'}>
        {entry.level}
      </Badge>
      <span className={classes.message}>
        <AnsiText message={entry.msg} />
      </span>
    </div>
  );
});
