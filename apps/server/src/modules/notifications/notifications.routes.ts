// The notification API (docs/notifications.md "API"): channels, rules, the Send test action and the delivery
// log, under the Notifications permission (READ reads, WRITE creates, UPDATE changes and tests, DELETE deletes);
// every change is audited, secrets never.
import {
  channelInputSchema,
  channelSchema,
  channelTestResultSchema,
  deliveryFilterSchema,
  deliverySchema,
  idParamSchema,
  ruleInputSchema,
  ruleSchema,
  type Channel,
  type Rule,
} from '@bpm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { logLine } from '../../log-text.js';
import { callerOf } from '../../plugins/access.js';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { auditRequest, changesBetween } from '../audit/audit.service.js';
import { deleteChannel, getChannelRow, insertChannel, listChannelRows, toChannel, updateChannel } from './channels.queries.js';
import type { NotificationService } from './notifications.service.js';
import { listDeliveries } from './outbox.queries.js';
import { deleteRule, getRule, insertRule, listRules, rulesUsingChannel, updateRule } from './rules.queries.js';

const tags = ['Notifications'];
const access = (level: 'READ' | 'WRITE' | 'UPDATE' | 'DELETE') => ({ access: { permission: 'Notifications' as const, level } });

/** A channel as audited: `signed` says whether a webhook secret is set (the secret itself never). */
const channelFields = ['name', 'type', 'enabled', 'settings', 'signed'] as const;
const auditedChannel = (c: Channel) => {
  if (c.type === 'email') return { name: c.name, type: c.type, enabled: c.enabled, settings: c.settings, signed: false };
  return {
    name: c.name,
    type: c.type,
    enabled: c.enabled,
    settings: { url: c.settings.url, format: c.settings.format },
    signed: c.settings.secretSet,
  };
};
const ruleFields = ['name', 'enabled', 'match', 'steps', 'repeatMinutes', 'notifyCleared', 'groupSeconds'] as const;
const auditedRule = ({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: Rule) => rest;

export async function notificationsRoutes(app: FastifyInstance, options: { service: NotificationService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = options;
  const now = () => new Date((app.config.notifications.clock ?? Date.now)()).toISOString();
  const who = (request: Parameters<typeof callerOf>[0]) => callerOf(request).username;

  r.get(
    '/notification-channels',
    {
      schema: { tags, summary: 'Every notification channel', response: { 200: z.array(channelSchema) } },
      config: access('READ'),
    },
    async () => (await listChannelRows(app.db)).map(toChannel),
  );

  r.get(
    '/notification-channels/:id',
    {
      schema: { tags, summary: 'One notification channel', params: idParamSchema, response: { 200: channelSchema } },
      config: access('READ'),
    },
    async (request) => toChannel(await getChannelRow(app.db, request.params.id)),
  );

  r.post(
    '/notification-channels',
    {
      schema: { tags, summary: 'Create a notification channel', body: channelInputSchema, response: { 201: channelSchema } },
      config: access('WRITE'),
    },
    async (request, reply) => {
      const channel = toChannel(await insertChannel(app.db, request.body, now()));
      await auditRequest(request, {
        action: 'notification-channel.create',
        target: { type: 'notification-channel', id: channel.id },
        changes: changesBetween(null, auditedChannel(channel), channelFields),
      });
      request.log.info(logLine`User ${who(request)} created notification channel ${channel.name}`);
      await service.reload();
      return reply.code(201).send(channel);
    },
  );

  r.put(
    '/notification-channels/:id',
    {
      schema: {
        tags,
        summary: 'Change a notification channel',
        params: idParamSchema,
        body: channelInputSchema,
        response: { 200: channelSchema },
      },
      config: access('UPDATE'),
    },
    async (request) => {
      const before = toChannel(await getChannelRow(app.db, request.params.id));
      const channel = toChannel(await updateChannel(app.db, request.params.id, request.body, now()));
      await auditRequest(request, {
        action: 'notification-channel.update',
        target: { type: 'notification-channel', id: channel.id },
        changes: changesBetween(auditedChannel(before), auditedChannel(channel), channelFields),
      });
      request.log.info(logLine`User ${who(request)} changed notification channel ${channel.name}`);
      await service.reload();
      return channel;
    },
  );

  r.delete(
    '/notification-channels/:id',
    { schema: { tags, summary: 'Delete a notification channel no rule uses', params: idParamSchema }, config: access('DELETE') },
    async (request, reply) => {
      const channel = toChannel(await deleteChannel(app.db, request.params.id, (id) => rulesUsingChannel(app.db, id)));
      await auditRequest(request, {
        action: 'notification-channel.delete',
        target: { type: 'notification-channel', id: channel.id },
        changes: changesBetween(auditedChannel(channel), null, channelFields),
      });
      request.log.info(logLine`User ${who(request)} deleted notification channel ${channel.name}`);
      await service.reload();
      return reply.code(204).send();
    },
  );

  r.post(
    '/notification-channels/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a test message now and answer its outcome',
        params: idParamSchema,
        response: { 200: channelTestResultSchema },
      },
      config: access('UPDATE'),
    },
    async (request) => {
      const result = await service.test(request.params.id);
      await auditRequest(request, {
        action: 'notification-channel.test',
        target: { type: 'notification-channel', id: request.params.id },
      });
      return result;
    },
  );

  r.get(
    '/notification-rules',
    { schema: { tags, summary: 'Every notification rule', response: { 200: z.array(ruleSchema) } }, config: access('READ') },
    () => listRules(app.db),
  );

  r.get(
    '/notification-rules/:id',
    {
      schema: { tags, summary: 'One notification rule', params: idParamSchema, response: { 200: ruleSchema } },
      config: access('READ'),
    },
    (request) => getRule(app.db, request.params.id),
  );

  r.post(
    '/notification-rules',
    {
      schema: { tags, summary: 'Create a notification rule', body: ruleInputSchema, response: { 201: ruleSchema } },
      config: access('WRITE'),
    },
    async (request, reply) => {
      const rule = await insertRule(app.db, request.body, now());
      await auditRequest(request, {
        action: 'notification-rule.create',
        target: { type: 'notification-rule', id: rule.id },
        changes: changesBetween(null, auditedRule(rule), ruleFields),
      });
      request.log.info(logLine`User ${who(request)} created notification rule ${rule.name}`);
      await service.reload();
      return reply.code(201).send(rule);
    },
  );

  r.put(
    '/notification-rules/:id',
    {
      schema: {
        tags,
        summary: 'Change a notification rule',
        params: idParamSchema,
        body: ruleInputSchema,
        response: { 200: ruleSchema },
      },
      config: access('UPDATE'),
    },
    async (request) => {
      const before = await getRule(app.db, request.params.id);
      const rule = await updateRule(app.db, request.params.id, request.body, now());
      await auditRequest(request, {
        action: 'notification-rule.update',
        target: { type: 'notification-rule', id: rule.id },
        changes: changesBetween(auditedRule(before), auditedRule(rule), ruleFields),
      });
      request.log.info(logLine`User ${who(request)} changed notification rule ${rule.name}`);
      await service.reload();
      return rule;
    },
  );

  r.delete(
    '/notification-rules/:id',
    {
      schema: { tags, summary: 'Delete a notification rule (its escalations end)', params: idParamSchema },
      config: access('DELETE'),
    },
    async (request, reply) => {
      const rule = await deleteRule(app.db, request.params.id);
      await auditRequest(request, {
        action: 'notification-rule.delete',
        target: { type: 'notification-rule', id: rule.id },
        changes: changesBetween(auditedRule(rule), null, ruleFields),
      });
      request.log.info(logLine`User ${who(request)} deleted notification rule ${rule.name}`);
      await service.reload();
      return reply.code(204).send();
    },
  );

  r.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'The delivery log, newest first',
        querystring: deliveryFilterSchema,
        response: { 200: z.array(deliverySchema) },
      },
      config: access('READ'),
    },
    (request) => listDeliveries(app.db, request.query),
  );
}
