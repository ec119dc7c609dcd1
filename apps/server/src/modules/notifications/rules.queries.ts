// Notification rules in the database (docs/notifications.md "Rules"): the definition is one JSON column; the
// channels a rule names must exist (400 naming them), names are unique ignoring case.
import type { Rule, RuleInput } from '@bpm/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationRulesTable } from '../../db/schema.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';

type RuleRow = Selectable<NotificationRulesTable>;
type Definition = Pick<Rule, 'match' | 'steps' | 'repeatMinutes' | 'notifyCleared' | 'groupSeconds'>;

export function toRule(row: RuleRow): Rule {
  const definition = JSON.parse(row.definition) as Definition;
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    ...definition,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listRules(db: Kysely<Database>): Promise<Rule[]> {
  return (await db.selectFrom('notification_rules').selectAll().orderBy('name_key').execute()).map(toRule);
}

export async function getRule(db: Kysely<Database>, id: number): Promise<Rule> {
  const row = await db.selectFrom('notification_rules').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Notification rule not found');
  return toRule(row);
}

/** The names of the rules whose steps send to `channelId`. */
export async function rulesUsingChannel(db: Kysely<Database>, channelId: number): Promise<string[]> {
  return (await listRules(db)).filter((r) => r.steps.some((s) => s.channelIds.includes(channelId))).map((r) => r.name);
}

async function checkInput(db: Kysely<Database>, input: RuleInput, id: number | null): Promise<void> {
  const clash = await db
    .selectFrom('notification_rules')
    .select('id')
    .where('name_key', '=', input.name.toLowerCase())
    .executeTakeFirst();
  if (clash && clash.id !== id) throw new ConflictError('A notification rule with this name already exists');
  const wanted = [...new Set(input.steps.flatMap((s) => s.channelIds))];
  const found = await db.selectFrom('notification_channels').select('id').where('id', 'in', wanted).execute();
  const details = input.steps.flatMap((step, i) =>
    step.channelIds
      .filter((c) => !found.some((f) => f.id === c))
      .map((c) => ({ path: `steps.${i}.channelIds`, message: `No notification channel with id ${c}` })),
  );
  if (details.length > 0) throw new BadRequestError(details.map((d) => d.message).join('; '), details);
}

function columns(input: RuleInput) {
  const definition: Definition = {
    match: input.match,
    steps: input.steps,
    repeatMinutes: input.repeatMinutes,
    notifyCleared: input.notifyCleared,
    groupSeconds: input.groupSeconds,
  };
  return {
    name: input.name,
    name_key: input.name.toLowerCase(),
    enabled: input.enabled ? 1 : 0,
    definition: JSON.stringify(definition),
  };
}

export async function insertRule(db: Kysely<Database>, input: RuleInput, now: string): Promise<Rule> {
  await checkInput(db, input, null);
  const row = await db
    .insertInto('notification_rules')
    .values({ ...columns(input), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRule(row);
}

export async function updateRule(db: Kysely<Database>, id: number, input: RuleInput, now: string): Promise<Rule> {
  await getRule(db, id);
  await checkInput(db, input, id);
  const row = await db
    .updateTable('notification_rules')
    .set({ ...columns(input), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRule(row);
}

export async function deleteRule(db: Kysely<Database>, id: number): Promise<Rule> {
  const rule = await getRule(db, id);
  await db.deleteFrom('notification_escalations').where('rule_id', '=', id).execute();
  await db.deleteFrom('notification_rules').where('id', '=', id).execute();
  return rule;
}
