// HTTP surface of alarms and the journal (docs/alarms.md): protocol schema, required access, one
// service call. Reading needs any signed-in user; acknowledging Alarms WRITE; shelving Alarms UPDATE.
import {
  acknowledgeAlarmBodySchema,
  acknowledgeAlarmsBodySchema,
  acknowledgeAlarmsResultSchema,
  alarmFilterSchema,
  alarmIdParamsSchema,
  alarmSchema,
  alarmSummaryQuerySchema,
  alarmSummarySchema,
  alarmWithJournalSchema,
  journalEntrySchema,
  journalFilterSchema,
  type UserRef,
} from '@bpm/protocol';
import { shelveAlarmBodySchema } from '@bpm/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UnauthorizedError } from '../../errors.js';
import { auditRequest } from '../audit/audit.service.js';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { alarmsCsv, journalCsv } from './alarms-csv.js';
import type { AlarmService } from './alarms.service.js';

const tags = ['Alarms'];
// Declared access, enforced by the /api scope before the body or query is validated (401/403, never 400).
const signedIn = { access: 'signedIn' } as const;
const canAcknowledge = { access: { permission: 'Alarms', level: 'WRITE' } } as const;
const canShelve = { access: { permission: 'Alarms', level: 'UPDATE' } } as const;

function caller(request: FastifyRequest): UserRef {
  if (!request.principal) throw new UnauthorizedError();
  return { id: request.principal.userId, username: request.principal.username };
}

const csvFileName = (name: string) => `attachment; filename="BPM_${name}_${new Date().toISOString().replaceAll(':', '-')}.csv"`;

/** One audit entry per alarm this request acknowledged (docs/audit.md). */
async function auditAcknowledged(request: FastifyRequest, ids: readonly number[], comment: string | undefined): Promise<void> {
  for (const id of ids) {
    await auditRequest(request, {
      action: 'alarm.acknowledge',
      target: { type: 'alarm', id },
      changes: comment ? { ackComment: { before: null, after: comment } } : null,
    });
  }
}

export async function alarmsRoutes(app: FastifyInstance, options: { service: AlarmService }): Promise<void> {
  const service = options.service;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/alarms',
    {
      config: signedIn,
      schema: { tags, summary: 'Alarms, newest first', querystring: alarmFilterSchema, response: { 200: z.array(alarmSchema) } },
    },
    (request) => service.list(request.query),
  );

  r.get(
    '/alarms/summary',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Counts, top probes, alarms per hour, floods',
        querystring: alarmSummaryQuerySchema,
        response: { 200: alarmSummarySchema },
      },
    },
    (request) => service.summary(request.query),
  );

  r.get(
    '/alarms.csv',
    {
      config: signedIn,
      schema: { tags, summary: 'Alarms as CSV (same filters, every page)', querystring: alarmFilterSchema },
    },
    (request, reply) => {
      const { limit: _limit, before: _before, ...filter } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvFileName('alarms'))
        .send(alarmsCsv(service.allAlarms(filter)));
    },
  );

  r.get(
    '/alarms/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'One alarm with its journal entries',
        params: alarmIdParamsSchema,
        response: { 200: alarmWithJournalSchema },
      },
    },
    (request) => service.get(request.params.id),
  );

  r.post(
    '/alarms/:id/acknowledge',
    {
      config: canAcknowledge,
      schema: {
        tags,
        summary: 'Acknowledge one alarm',
        params: alarmIdParamsSchema,
        body: acknowledgeAlarmBodySchema.nullish(),
        response: { 200: alarmSchema },
      },
    },
    async (request) => {
      const { alarm, changed } = await service.acknowledge(request.params.id, caller(request), request.body?.comment);
      if (changed) await auditAcknowledged(request, [alarm.id], request.body?.comment);
      return alarm;
    },
  );

  r.post(
    '/alarms/acknowledge',
    {
      config: canAcknowledge,
      schema: {
        tags,
        summary: 'Acknowledge many alarms',
        body: acknowledgeAlarmsBodySchema,
        response: { 200: acknowledgeAlarmsResultSchema },
      },
    },
    async (request) => {
      const ids = await service.acknowledgeMany(request.body.ids, caller(request), request.body.comment);
      await auditAcknowledged(request, ids, request.body.comment);
      return { acknowledged: ids.length };
    },
  );

  r.post(
    '/alarms/:id/shelve',
    {
      config: canShelve,
      schema: {
        tags,
        summary: 'Shelve an active alarm for a while',
        params: alarmIdParamsSchema,
        body: shelveAlarmBodySchema,
        response: { 200: alarmSchema },
      },
    },
    async (request) => {
      const alarm = await service.shelve(request.params.id, caller(request), request.body);
      await auditRequest(request, {
        action: 'alarm.shelve',
        target: { type: 'alarm', id: alarm.id },
        changes: {
          shelvedUntil: { before: null, after: alarm.shelvedUntil },
          shelveReason: { before: null, after: alarm.shelveReason },
        },
      });
      return alarm;
    },
  );

  r.delete(
    '/alarms/:id/shelve',
    {
      config: canShelve,
      schema: { tags, summary: 'Unshelve an alarm', params: alarmIdParamsSchema, response: { 200: alarmSchema } },
    },
    async (request) => {
      const { alarm, changed } = await service.unshelve(request.params.id, caller(request));
      if (changed) await auditRequest(request, { action: 'alarm.unshelve', target: { type: 'alarm', id: alarm.id } });
      return alarm;
    },
  );

  r.get(
    '/journal',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Journal entries, newest first',
        querystring: journalFilterSchema,
        response: { 200: z.array(journalEntrySchema) },
      },
    },
    (request) => service.journal(request.query),
  );

  r.get(
    '/journal.csv',
    {
      config: signedIn,
      schema: { tags, summary: 'Journal entries as CSV (same filters, every page)', querystring: journalFilterSchema },
    },
    (request, reply) => {
      const { limit: _limit, before: _before, ...filter } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', csvFileName('journal'))
        .send(journalCsv(service.allJournal(filter)));
    },
  );
}
