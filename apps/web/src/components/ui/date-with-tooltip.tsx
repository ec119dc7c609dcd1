// A date ("2026-12-06"), with the full date-time on hover or keyboard focus: with the time zone's name
// (zone="name", API keys) or the UTC offset (zone="offset", Users table).
import { Text, Tooltip } from '@mantine/core';
import { formatDate, formatDateTimeWithOffset, formatDateTimeWithZone } from '../../lib/date-format';

export interface DateWithTooltipProps {
  value: string;
  zone?: 'name' | 'offset';
  size?: 'xs' | 'sm' | 'md';
}

export function DateWithTooltip({ value, zone = 'name', size = 'sm' }: DateWithTooltipProps) {
  if (Number.isNaN(Date.parse(value)))
    return (
      <Text span size={size}>
        —
      </Text>
    );
  const full = zone === 'name' ? formatDateTimeWithZone(value) : formatDateTimeWithOffset(value);
  return (
    <Tooltip
      label={full}
      events={{ hover: true, focus: true, touch: true }}
      withinPortal
      multiline
      // The full text is long; on a narrow screen it wraps instead of running off the edge.
      style={{ maxWidth: 'min(340px, calc(100vw - 24px))' }}
    >
      <Text span size={size} tabIndex={0} style={{ cursor: 'help', textDecoration: 'underline dotted' }}>
        <time dateTime={value}>{formatDate(value)}</time>
      </Text>
    </Tooltip>
  );
}
