// Relative ages for the Roles page (docs/data-model.md (Relative time)): today, yesterday, N days, weeks, months, years ago.

const dayMs = 24 * 60 * 60 * 1000;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** Describes how long ago `then` was, seen from `now`. A future time counts as "today". */
export function relativeTime(then: Date | string, now: Date = new Date()): string {
  const ageDays = (now.getTime() - new Date(then).getTime()) / dayMs;
  if (ageDays < 1) return 'today';
  if (ageDays < 2) return 'yesterday';
  if (ageDays < 7) return plural(Math.floor(ageDays), 'day');
  if (ageDays < 30) return plural(Math.floor(ageDays / 7), 'week');
  if (ageDays < 365) return plural(Math.floor(ageDays / 30), 'month');
  return plural(Math.floor(ageDays / 365), 'year');
}
