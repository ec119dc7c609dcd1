import { describe, expect, it } from 'vitest';
import { keepUnitsWithNumbers } from './text';

describe('keepUnitsWithNumbers', () => {
  it('joins every number to its unit with a no-break space, and leaves the other spaces', () => {
    expect(keepUnitsWithNumbers('Internal temperature 55.4 °C above alarm 55 °C')).toBe(
      'Internal temperature 55.4\u00a0°C above alarm 55\u00a0°C',
    );
    expect(keepUnitsWithNumbers('Battery 9.5 % at or below alarm 10 %')).toBe('Battery 9.5\u00a0% at or below alarm 10\u00a0%');
    expect(keepUnitsWithNumbers('No report for over 10 s')).toBe('No report for over 10\u00a0s');
    expect(keepUnitsWithNumbers('Seen at 3 stages, 2 seconds')).toBe('Seen at 3 stages, 2 seconds');
  });
});
