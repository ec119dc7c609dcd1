// Sending one message (docs/notifications.md "Delivery"): a webhook POST (signed when the channel has a
// secret, no redirects, a timeout) or an e-mail through nodemailer. The outcome says whether a failure is
// worth retrying: timeouts, connection errors, 5xx and 429 are; other 4xx, redirects and SMTP 5xx are not.
import { createHmac } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { RenderedMessage } from './message-text.js';
import type { StoredChannel } from './channels.queries.js';

/** `note`: sent, with what the log should still say (recipients an SMTP server refused while taking the others). */
export type Outcome = { ok: true; note?: string } | { ok: false; retry: boolean; error: string; retryAfterMs?: number };

export interface TransportOptions {
  timeoutMs: number;
  smtpUrl?: string;
  smtpFrom: string;
}

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

type WebhookChannel = Extract<StoredChannel, { type: 'webhook' }>;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export async function sendWebhook(
  channel: WebhookChannel,
  message: RenderedMessage,
  deliveryId: number,
  nowMs: number,
  options: TransportOptions,
): Promise<Outcome> {
  const { format } = channel.settings;
  const body = JSON.stringify(format === 'slack' ? message.slack : format === 'teams' ? message.teams : message.document);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'BatteryProbeMonitor',
    'x-bpm-delivery': String(deliveryId),
  };
  if (channel.secret) {
    headers['x-bpm-timestamp'] = String(Math.floor(nowMs / 1000));
    headers['x-bpm-signature'] = signature(channel.secret, body);
  }
  let response: Response;
  try {
    response = await fetch(channel.settings.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const name = (error as Error).name;
    const text =
      name === 'TimeoutError'
        ? `No answer within ${options.timeoutMs / 1000} s`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { ok: false, retry: true, error: `Could not reach ${new URL(channel.settings.url).host}: ${text}` };
  }
  // The answer's body is not needed; reading it frees the connection.
  const answer = (await response.text().catch(() => '')).slice(0, 200);
  if (response.status >= 200 && response.status < 300) return { ok: true };
  const error = `HTTP ${response.status}${answer ? `: ${answer}` : ''}`;
  if (response.status >= 300 && response.status < 400)
    return {
      ok: false,
      retry: false,
      error: `HTTP ${response.status}: redirects are not followed (to ${response.headers.get('location') ?? '?'})`,
    };
  if (response.status === 429 || response.status >= 500)
    return { ok: false, retry: true, error, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
  return { ok: false, retry: false, error };
}

/** The SMTP URL with nodemailer's timeouts as query options (its URL form takes them). */
function withTimeouts(url: string, timeoutMs: number): string {
  const u = new URL(url);
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'])
    if (!u.searchParams.has(name)) u.searchParams.set(name, String(timeoutMs));
  return u.toString();
}

let transporter: { url: string; transporter: Transporter } | null = null;

function smtpTransport(url: string, timeoutMs: number): Transporter {
  if (transporter?.url !== url)
    transporter = {
      url,
      transporter: nodemailer.createTransport(withTimeouts(url, timeoutMs)),
    };
  return transporter.transporter;
}

export async function sendEmail(
  recipients: string[],
  message: RenderedMessage,
  deliveryId: number,
  options: TransportOptions,
): Promise<Outcome> {
  if (!options.smtpUrl) return { ok: false, retry: false, error: 'No SMTP server is set (BPM_SMTP_URL)' };
  if (recipients.length === 0) return { ok: false, retry: false, error: 'The channel has no recipient with an e-mail address' };
  const domain = /@([^>\s]+)>?$/.exec(options.smtpFrom)?.[1] ?? 'bpm.local';
  try {
    const info = await smtpTransport(options.smtpUrl, options.timeoutMs).sendMail({
      from: options.smtpFrom,
      to: recipients,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<bpm-delivery-${deliveryId}@${domain}>`,
      headers: { 'X-BPM-Delivery': String(deliveryId) },
    });
    // Some recipients refused, the others took it: sent (a retry would mail those again), and the log says who not.
    const refused = ((info.rejected ?? []) as (string | { address: string })[]).map((r) => (typeof r === 'string' ? r : r.address));
    if (refused.length === 0) return { ok: true };
    const reply = (info.rejectedErrors?.[0] as { response?: string } | undefined)?.response;
    const note = `SMTP refused ${refused.length} of ${recipients.length} recipients: ${refused.join(', ')}${reply ? ` (${reply})` : ''}`;
    return { ok: true, note: note.slice(0, 500) };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string; code?: string; message: string };
    const text = e.response ? `SMTP ${e.response}` : `${e.code ? `${e.code}: ` : ''}${e.message}`;
    // A 5xx reply is permanent; a 4xx reply, a timeout or a lost connection is worth another try.
    return { ok: false, retry: !(e.responseCode !== undefined && e.responseCode >= 500), error: text.slice(0, 500) };
  }
}
