// Text from users in log lines (docs/security.md "Logs that can be trusted"): a key name, a username or a
// probe ID is data, and must not be able to start a new line or colour one, so that a "User admin deleted
// user #1" line can only ever come from the server.

const escapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

/** C0 and C1 control characters, DEL, the Unicode line and paragraph separators, and the backslash. */
// eslint-disable-next-line no-control-regex
const unsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/g;

/** `value` with every control character written as an escape (`\n`, `\u001b`), so it stays one plain run of text. */
export function logText(value: unknown): string {
  return String(value).replace(unsafe, (c) => escapes[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A tagged template whose interpolated values go through logText: log.info(logLine`User ${name} signed in`). */
export function logLine(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((line, text, i) => line + (i > 0 ? logText(values[i - 1]) : '') + text, '');
}

/** A whole message written by the server: its own colours (ESC) may stay, but no line breaks or other controls. */
// eslint-disable-next-line no-control-regex
const unsafeInMessage = /[\u0000-\u001a\u001c-\u001f\u007f-\u009f\u2028\u2029]/g;
export function oneLine(message: string): string {
  return message.replace(unsafeInMessage, (c) => escapes[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
