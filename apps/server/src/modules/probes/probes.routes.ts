// HTTP surface of probes and thresholds (docs/api.md, docs/probe-data.md): protocol schema, required permission, one service call.
import {
  assignmentUpdateSchema,
  ingestResultSchema,
  probeIdParamsSchema,
  probeReportBatchSchema,
  probeSchema,
  systemInfoSchema,
  systemInfoUpdateSchema,
} from '@bpm/protocol';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod-schemas.js';
import { auditRequest, changesBetween } from '../audit/audit.service.js';
import { BadRequestError } from '../../errors.js';
import type { ProbeService } from './probes.service.js';
import { ingestReportBatch } from './report-ingest.js';

/** 1,000 reports with long names can pass 1 MB; the batch limit, not the byte limit, is the rule. */
const reportsBodyLimitBytes = 4 * 1024 * 1024;

export async function probesRoutes(app: FastifyInstance, options: { service: ProbeService }): Promise<void> {
  const service = options.service;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Plain JSON.parse in this context only: Fastify's default parser also scans every body with two
  // regular expressions for "__proto__"/"constructor" keys, 2% of the server's CPU at 40,000 reports/s
  // (measured). Safe here: every body goes through strict zod objects, which refuse unknown keys.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(new BadRequestError('Request body is not valid JSON'), undefined);
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 400 && request.routeOptions.url?.endsWith('/probes/reports')) service.counters.batchesRejected += 1;
  });

  routes.post(
    '/probes/reports',
    {
      bodyLimit: reportsBodyLimitBytes,
      // Like every /api route, access is enforced before parsing: an unauthorised caller's batch is never read.
      config: { access: { permission: 'Probes', level: 'WRITE' } },
      // Validated by ingestReportBatch, the accept path MQTT shares (report-ingest.ts); the schema documents the body.
      validatorCompiler: () => (data: unknown) => ({ value: data }),
      schema: { tags: ['Probes'], body: probeReportBatchSchema, response: { 202: ingestResultSchema } },
    },
    async (request, reply) => reply.code(202).send(ingestReportBatch(service, request.body)),
  );

  routes.get(
    '/probes',
    { config: { access: 'signedIn' }, schema: { tags: ['Probes'], response: { 200: z.array(probeSchema) } } },
    // Streamed: at 100,000 probes one JSON.stringify of the whole list would hold the event loop (docs/security.md).
    async (_request, reply) => {
      const stream = Readable.from(service.probesJson());
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(stream);
    },
  );

  routes.put(
    '/probes/:id/assignment',
    {
      config: { access: { permission: 'Probes', level: 'UPDATE' } },
      schema: { tags: ['Probes'], params: probeIdParamsSchema, body: assignmentUpdateSchema, response: { 200: probeSchema } },
    },
    async (request) => {
      const before = service.registry.get(request.params.id)?.assignment ?? null;
      const probe = service.setAssignment(request.params.id, request.body);
      await auditRequest(request, {
        action: 'probe.assignment',
        target: { type: 'probe', id: probe.probeID },
        changes: changesBetween({ assignment: before }, { assignment: request.body }, ['assignment']),
      });
      return probe;
    },
  );

  routes.delete(
    '/probes/:id',
    { config: { access: { permission: 'Probes', level: 'DELETE' } }, schema: { tags: ['Probes'], params: probeIdParamsSchema } },
    async (request, reply) => {
      const assignment = service.registry.get(request.params.id)?.assignment ?? null;
      service.deleteProbe(request.params.id);
      await auditRequest(request, {
        action: 'probe.delete',
        target: { type: 'probe', id: request.params.id },
        changes: changesBetween({ assignment }, { assignment: null }, ['assignment']),
      });
      return reply.code(204).send();
    },
  );

  routes.get(
    '/system/config',
    { config: { access: 'signedIn' }, schema: { tags: ['Probes'], response: { 200: systemInfoSchema } } },
    async () => service.systemInfo,
  );

  routes.put(
    '/system/config',
    {
      config: { access: { permission: 'Probes', level: 'UPDATE' } },
      schema: { tags: ['Probes'], body: systemInfoUpdateSchema, response: { 200: systemInfoSchema } },
    },
    async (request) => {
      const before = service.systemInfo;
      const after = await service.updateSystemInfo(request.body);
      await auditRequest(request, {
        action: 'thresholds.update',
        target: { type: 'thresholds', id: 'system' },
        changes: changesBetween(before, after, Object.keys(after)),
      });
      return after;
    },
  );
}
