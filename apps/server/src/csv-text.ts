// The one CSV writer of every export (alarms, journal, probe and pack history): RFC 4180 (CRLF line ends;
// a field with a comma, quote or line break quoted, quotes doubled), and text that a spreadsheet would take
// for a formula (starting with = + - @ tab or CR) prefixed with an apostrophe (docs/security.md "CSV exports").

export type CsvCell = string | number | boolean | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are written by the server, never a formula: -3.5 stays a number.
  const text = typeof value === 'string' && formulaStart.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvCell[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
