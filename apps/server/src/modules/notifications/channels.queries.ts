// Notification channels in the database (docs/notifications.md "Channels"): rows ↔ protocol shapes, the
// unique name ignoring case, and the write-only webhook secret (answers say `secretSet`, never the secret).
import type { Channel, ChannelInput, EmailSettings, WebhookFormat } from '@bpm/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationChannelsTable } from '../../db/schema.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';

type ChannelRow = Selectable<NotificationChannelsTable>;

/** A channel as the sender needs it: settings and the secret. */
export type StoredChannel =
  | { id: number; name: string; enabled: boolean; type: 'email'; settings: EmailSettings }
  | {
      id: number;
      name: string;
      enabled: boolean;
      type: 'webhook';
      settings: { url: string; format: WebhookFormat };
      secret: string | null;
    };

export function toStoredChannel(row: ChannelRow): StoredChannel {
  const base = { id: row.id, name: row.name, enabled: row.enabled === 1 };
  const settings = JSON.parse(row.settings) as Record<string, unknown>;
  if (row.type === 'email') return { ...base, type: 'email', settings: settings as EmailSettings };
  return { ...base, type: 'webhook', settings: settings as { url: string; format: WebhookFormat }, secret: row.secret };
}

export function toChannel(row: ChannelRow): Channel {
  const stored = toStoredChannel(row);
  const common = { id: row.id, name: row.name, enabled: row.enabled === 1, createdAt: row.created_at, updatedAt: row.updated_at };
  if (stored.type === 'email')
    return { ...common, type: 'email', settings: { to: stored.settings.to, userIds: stored.settings.userIds } };
  return {
    ...common,
    type: 'webhook',
    settings: { url: stored.settings.url, format: stored.settings.format, secretSet: stored.secret !== null },
  };
}

export async function listChannelRows(db: Kysely<Database>): Promise<ChannelRow[]> {
  return db.selectFrom('notification_channels').selectAll().orderBy('name_key').execute();
}

export async function findChannelRow(db: Kysely<Database>, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('notification_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getChannelRow(db: Kysely<Database>, id: number): Promise<ChannelRow> {
  const row = await findChannelRow(db, id);
  if (!row) throw new NotFoundError('Notification channel not found');
  return row;
}

async function checkInput(db: Kysely<Database>, input: ChannelInput, id: number | null): Promise<void> {
  const clash = await db
    .selectFrom('notification_channels')
    .select('id')
    .where('name_key', '=', input.name.toLowerCase())
    .executeTakeFirst();
  if (clash && clash.id !== id) throw new ConflictError('A notification channel with this name already exists');
  if (input.type === 'email' && input.settings.userIds.length > 0) {
    const found = await db.selectFrom('users').select('id').where('id', 'in', input.settings.userIds).execute();
    const missing = input.settings.userIds.filter((u) => !found.some((f) => f.id === u));
    if (missing.length > 0)
      throw new BadRequestError(`No user with id ${missing.join(', ')}`, [
        { path: 'settings.userIds', message: `No user with id ${missing.join(', ')}` },
      ]);
  }
}

/** The columns an insert and an update both write; the name key keeps names unique regardless of case. */
function columns(input: ChannelInput, previousSecret: string | null) {
  const common = { name: input.name, name_key: input.name.toLowerCase(), enabled: input.enabled ? 1 : 0 };
  if (input.type === 'email')
    return {
      ...common,
      type: 'email',
      settings: JSON.stringify({ to: input.settings.to, userIds: input.settings.userIds }),
      secret: null,
    };
  const secret = input.settings.secret === undefined ? previousSecret : input.settings.secret;
  return {
    ...common,
    type: 'webhook',
    settings: JSON.stringify({ url: input.settings.url, format: input.settings.format }),
    secret,
  };
}

export async function insertChannel(db: Kysely<Database>, input: ChannelInput, now: string): Promise<ChannelRow> {
  await checkInput(db, input, null);
  return db
    .insertInto('notification_channels')
    .values({
      ...columns(input, null),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateChannel(db: Kysely<Database>, id: number, input: ChannelInput, now: string): Promise<ChannelRow> {
  const before = await getChannelRow(db, id);
  await checkInput(db, input, id);
  const previousSecret = before.type === input.type ? before.secret : null;
  return db
    .updateTable('notification_channels')
    .set({
      ...columns(input, previousSecret),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteChannel(
  db: Kysely<Database>,
  id: number,
  usedBy: (channelId: number) => Promise<string[]>,
): Promise<ChannelRow> {
  const row = await getChannelRow(db, id);
  const rules = await usedBy(id);
  if (rules.length > 0)
    throw new ConflictError(
      `The channel is used by ${rules.length === 1 ? 'rule' : 'rules'} ${rules.map((r) => `"${r}"`).join(', ')}: remove it from them first`,
    );
  await db.deleteFrom('notification_channels').where('id', '=', id).execute();
  return row;
}
