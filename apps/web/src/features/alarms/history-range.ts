// The History view's ranges (docs/alarms.md): Last hour, Last 8 hours, Last 24 hours, Last 7 days, or a custom range.
export const rangeChoices = [
  { value: '1h', label: 'Last hour', hours: 1 },
  { value: '8h', label: 'Last 8 hours', hours: 8 },
  { value: '24h', label: 'Last 24 hours', hours: 24 },
  { value: '7d', label: 'Last 7 days', hours: 24 * 7 },
  { value: 'custom', label: 'Custom', hours: 0 },
] as const;
export type RangeChoice = (typeof rangeChoices)[number]['value'];

/** ISO 8601 from and to; a custom range takes the datetime-local inputs (local time). */
export function rangeOf(choice: RangeChoice, custom: { from: string; to: string }, now: number): { from?: string; to?: string } {
  if (choice === 'custom') {
    const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);
    return { from: iso(custom.from), to: iso(custom.to) };
  }
  const hours = rangeChoices.find((r) => r.value === choice)!.hours;
  return { from: new Date(now - hours * 3_600_000).toISOString(), to: new Date(now).toISOString() };
}
