// What a message says (docs/notifications.md "What a receiver gets"): one model built from the alarms, then
// written as plain text, simple HTML, BPM's JSON, a Slack-compatible body and a Teams Adaptive Card.
import {
  notificationLimits,
  systemAlarm,
  type AlarmWithJournal,
  type DeliveryKind,
  type NotificationDocument,
} from '@bpm/protocol';

export interface MessageContext {
  deliveryId: number;
  kind: DeliveryKind;
  rule: { id: number; name: string } | null;
  /** 1-based; null for test and cleared messages. */
  step: number | null;
  steps: number;
  repeat: number;
  /** The first alarms (at most 20) and how many more the message covers. */
  alarms: AlarmWithJournal[];
  more: number;
  channelName: string;
  nowMs: number;
  publicUrl: string;
  timeZone?: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  document: NotificationDocument<AlarmWithJournal>;
  slack: object;
  teams: object;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function formatTime(iso: string, timeZone: string | undefined): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

function valueOf(a: AlarmWithJournal): string | null {
  if (a.peak === null) return null;
  if (a.event >= 10 && a.event <= 13) return `peak ${a.peak} °C`;
  if (a.event === 20 || a.event === 21) return `lowest ${a.peak} %`;
  return String(a.peak);
}

export const alarmUrl = (publicUrl: string, id: number) => `${publicUrl}/alarms?alarm=${id}`;

/** The lines that describe one alarm: what, where, how bad, since when, the link. */
export function alarmLines(
  a: AlarmWithJournal,
  c: Pick<MessageContext, 'nowMs' | 'publicUrl' | 'timeZone'>,
): { title: string; facts: Array<[string, string]>; url: string } {
  const probe = a.probeID === systemAlarm.probeID ? systemAlarm.name : a.probeID;
  const facts: Array<[string, string]> = [['Probe', probe]];
  if (a.assignment) {
    const { batteryPack, buildStage, agv } = a.assignment;
    if (batteryPack) facts.push(['Pack', batteryPack.name]);
    if (buildStage) facts.push(['Stage', buildStage.name]);
    if (agv) facts.push(['AGV', agv.name]);
  }
  const value = valueOf(a);
  if (value) facts.push(['Value', value]);
  facts.push(['Raised', formatTime(a.raisedAt, c.timeZone)]);
  if (a.clearedAt) facts.push(['Cleared', formatTime(a.clearedAt, c.timeZone)]);
  if (a.acknowledgedAt === null) facts.push(['Unacknowledged for', formatDuration(c.nowMs - Date.parse(a.raisedAt))]);
  else facts.push(['Acknowledged', `${formatTime(a.acknowledgedAt, c.timeZone)} by ${a.acknowledgedBy?.username ?? '?'}`]);
  facts.push(['State', a.state]);
  return { title: `${a.eventType}: ${a.lastMessage}`, facts, url: alarmUrl(c.publicUrl, a.id) };
}

function headline(c: MessageContext): string {
  const count = c.alarms.length + c.more;
  const first = c.alarms[0];
  if (c.kind === 'test') return `BPM test message to ${c.channelName}`;
  const what =
    count === 1 && first ? `${first.eventType}: ${first.lastMessage} (${first.probeID || systemAlarm.name})` : `${count} alarms`;
  if (c.kind === 'cleared') return `Cleared — ${what}`;
  const worst = c.alarms.some((a) => a.eventType === 'Critical') ? 'Critical' : 'Warning';
  return count === 1 ? what : `${worst}: ${what}`;
}

function stepLine(c: MessageContext): string | null {
  if (c.kind === 'test') return 'A test message from Battery Probe Monitor: this channel works.';
  if (c.kind === 'cleared') return `Rule "${c.rule?.name ?? '?'}": the alarms below have cleared.`;
  const repeat = c.repeat > 0 ? `, repeat ${c.repeat}` : '';
  return `Rule "${c.rule?.name ?? '?'}", escalation ${c.step ?? 1} of ${c.steps}${repeat}.`;
}

export function renderMessage(c: MessageContext): RenderedMessage {
  const subject = `[BPM] ${headline(c)}`;
  const intro = stepLine(c);
  const described = c.alarms.map((a) => alarmLines(a, c));
  const moreLine = c.more > 0 ? `… and ${c.more} more` : null;
  const listUrl = `${c.publicUrl}/alarms`;

  const text = [
    headline(c),
    intro,
    '',
    ...described.flatMap((d) => [d.title, ...d.facts.map(([k, v]) => `  ${k}: ${v}`), `  ${d.url}`, '']),
    ...(moreLine ? [moreLine, ''] : []),
    `Open alarms: ${listUrl}`,
    `Delivery ${c.deliveryId}`,
  ].join('\n');

  const html = [
    `<!doctype html><html><body style="font-family:sans-serif">`,
    `<h2 style="margin:0 0 8px">${escapeHtml(headline(c))}</h2>`,
    intro ? `<p>${escapeHtml(intro)}</p>` : '',
    ...described.map(
      (d) =>
        `<h3 style="margin:12px 0 4px">${escapeHtml(d.title)}</h3><table>${d.facts
          .map(([k, v]) => `<tr><td style="color:#555;padding-right:8px">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`)
          .join('')}</table><p><a href="${escapeHtml(d.url)}">Open the alarm</a></p>`,
    ),
    moreLine ? `<p>${escapeHtml(moreLine)}</p>` : '',
    `<p><a href="${escapeHtml(listUrl)}">Open alarms</a></p><p style="color:#888">Delivery ${c.deliveryId}</p>`,
    `</body></html>`,
  ].join('');

  const url = c.alarms.length === 1 && c.more === 0 ? alarmUrl(c.publicUrl, c.alarms[0]!.id) : listUrl;
  const document: NotificationDocument<AlarmWithJournal> = {
    deliveryId: c.deliveryId,
    rule: c.rule,
    step: c.step,
    kind: c.kind,
    alarms: c.alarms,
    more: c.more,
    url,
  };

  const slackText = `*${headline(c)}*${intro ? `\n${intro}` : ''}`;
  const slack = {
    text: `${headline(c)} ${url}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: slackText } },
      ...described.map((d) => ({
        type: 'section',
        text: { type: 'mrkdwn', text: `*<${d.url}|${d.title}>*\n${d.facts.map(([k, v]) => `${k}: ${v}`).join(' · ')}` },
      })),
      ...(moreLine ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: moreLine }] }] : []),
    ],
  };

  const teams = {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', size: 'Medium', weight: 'Bolder', wrap: true, text: headline(c) },
            ...(intro ? [{ type: 'TextBlock', wrap: true, text: intro }] : []),
            ...described.flatMap((d) => [
              { type: 'TextBlock', weight: 'Bolder', wrap: true, text: d.title },
              { type: 'FactSet', facts: d.facts.map(([title, value]) => ({ title, value })) },
            ]),
            ...(moreLine ? [{ type: 'TextBlock', wrap: true, text: moreLine }] : []),
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Open in BPM', url }],
        },
      },
    ],
  };
  return { subject, text, html, document, slack, teams };
}

/** How many alarms a message lists by name. */
export const listedAlarms = notificationLimits.alarmsListed;
