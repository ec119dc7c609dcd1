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

export const LogRow = memo(function LogRow({ entry, isNew }: { entry: LogEntry; isNew: boolean }) {
  return (
    <div className={classes.row} data-new={isNew || undefined}>
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
