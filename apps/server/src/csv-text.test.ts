import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-text.js';

describe('csvLine', () => {
  it('quotes per RFC 4180 and defuses text a spreadsheet would run as a formula, never numbers', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', null, undefined, true, -3.5])).toBe(
      '"a,b","say ""hi""","two\nlines",,,true,-3.5\r\n',
    );
    expect(csvLine(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'ok=1'])).toBe(`'=1+2,'+1,'-1,'@SUM(A1),'\tx,"'\rx",ok=1\r\n`);
  });
});
