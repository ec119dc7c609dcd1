import { describe, expect, it } from 'vitest';
import { eventTimeParts, formatEventTime } from './dates';

describe('eventTimeParts', () => {
  it('splits the event time into its day and its time, which read together as formatEventTime', () => {
    const at = new Date(2026, 10, 27, 7, 53, 38);
    const { day, time } = eventTimeParts(at);
    // Spaces compared as spaces: Intl may put a narrow no-break space before AM in one form and not the other.
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    expect(spaced(`${day} ${time}`)).toBe(spaced(formatEventTime(at)));
    expect(day).toMatch(/^Nov 27,?$/);
    expect(time).toMatch(/^07:53:38(\sAM)?$/);
  });
});
