import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { fileAnswer } from '#shared/answers.ts';
import {
  BULK_CSV_MAX_BYTES,
  bulkAnswer,
  bulkCsvBody,
  bulkListAnswer,
  bulkMessages as m,
  bulkPreviewAnswer,
  bulkRowsAnswer,
  bulkRowsQuery,
  bulkSend,
} from '#shared/templates/bulk.ts';
import { templateMessages } from '#shared/templates/messages.ts';
import type { App } from '#server/app-types.ts';
import { conflict, invalid, notFound, throttled, type Outcome } from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { contentDisposition } from '../documents/views.ts';
import { refused } from '../documents/upload.routes.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { sampleCsv } from './bulk-csv.ts';
import type { Checked, StartOutcome } from './bulk.service.ts';

/** A CSV of 5,000 rows as JSON text, with room for the escaping. */
export const BULK_BODY_LIMIT = BULK_CSV_MAX_BYTES + 1024 * 1024;
export const csvAnswer = fileAnswer('text/csv');

/** A bulk send that could not be checked or started, as an outcome. */
export function bulkRefused(r: Exclude<Checked | StartOutcome, { kind: 'ok' }>): Outcome {
  switch (r.kind) {
    case 'missing':
      return notFound(templateMessages.notFound);
    case 'file-missing':
      return conflict(templateMessages.fileMissing, { code: 'template_file_missing' });
    case 'not-ready':
      return conflict(r.message, { code: 'template_not_ready' });
    case 'invalid':
      return invalid(r.message, { code: 'csv_invalid' });
    case 'row-errors':
      return invalid(m.rowErrors(new Set(r.preview.errors.map((e) => e.row)).size), {
        code: 'validation_failed',
        errors: r.preview.errors,
        issues: r.preview.errors.map((e) => ({
          path: `rows.${e.row - 1}${e.column ? `.${e.column}` : ''}`,
          message: e.message,
        })),
      });
    case 'over-daily':
      return throttled(r.message, r.retryAfter, { code: 'bulk_daily_limit' });
    case 'over-quota':
      return refused(r);
  }
}

export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', contentDisposition('attachment', name, 'csv'))
    .header('X-Content-Type-Options', 'nosniff')
    .send(csv);
}

const controlAnswer = (r: Awaited<ReturnType<App['bulk']['control']>>, message: string) => {
  if (r.kind === 'missing') throw notFound(m.notFound);
  if (r.kind === 'conflict') throw conflict(r.message, { code: 'bulk_not_changeable' });
  return { message, bulk: r.bulk };
};

/** Bulk sends in the browser: the sample, the preview, the start, the progress, the results. */
export function bulkRoutes(app: App) {
  app.get(
    '/api/templates/:id/bulk/sample.csv',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: csvAnswer } } },
    async (req, reply) => {
      const t = await app.templates.get(currentUser(req).id, req.params.id);
      if (!t) throw notFound(templateMessages.notFound);
      return sendCsv(reply, `${t.name} - sample`, sampleCsv(t));
    },
  );

  app.post(
    '/api/templates/:id/bulk/preview',
    {
      onRequest: requireUser,
      bodyLimit: BULK_BODY_LIMIT,
      schema: { params: idParams, body: bulkCsvBody, response: { 200: bulkPreviewAnswer } },
    },
    async (req) => {
      const r = await app.bulk.check(currentUser(req).id, req.params.id, req.body);
      if (r.kind !== 'ok') throw bulkRefused(r);
      return r.preview;
    },
  );

  app.post(
    '/api/templates/:id/bulk',
    {
      onRequest: requireUser,
      bodyLimit: BULK_BODY_LIMIT,
      schema: { params: idParams, body: bulkCsvBody, response: { 201: bulkAnswer } },
    },
    async (req, reply) => {
      const r = await app.bulk.start(currentUser(req), req.params.id, req.body);
      if (r.kind !== 'ok') throw bulkRefused(r);
      return reply.code(201).send({ message: m.started(r.bulk.total), bulk: r.bulk });
    },
  );

  app.get(
    '/api/bulk',
    {
      onRequest: requireUser,
      schema: {
        querystring: z.object({
          templateId: z.coerce.number().int().positive().optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: bulkListAnswer },
      },
    },
    (req) => app.bulk.list(currentUser(req).id, req.query.page, req.query.pageSize, req.query.templateId),
  );

  app.get(
    '/api/bulk/:id',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: z.object({ bulk: bulkSend }) } } },
    async (req) => {
      const bulk = await app.bulk.get(currentUser(req).id, req.params.id);
      if (!bulk) throw notFound(m.notFound);
      return { bulk };
    },
  );

  app.get(
    '/api/bulk/:id/rows',
    {
      onRequest: requireUser,
      schema: { params: idParams, querystring: bulkRowsQuery, response: { 200: bulkRowsAnswer } },
    },
    async (req) => {
      const rows = await app.bulk.rows(currentUser(req).id, req.params.id, req.query);
      if (!rows) throw notFound(m.notFound);
      return rows;
    },
  );

  app.get(
    '/api/bulk/:id/results.csv',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: csvAnswer } } },
    async (req, reply) => {
      const file = await app.bulk.resultsCsv(currentUser(req).id, req.params.id);
      if (!file) throw notFound(m.notFound);
      return sendCsv(reply, file.name, file.csv);
    },
  );

  const said = { pause: m.paused, resume: m.resumed, cancel: m.cancelled } as const;
  for (const action of ['pause', 'resume', 'cancel'] as const)
    app.post(
      `/api/bulk/:id/${action}`,
      { onRequest: requireUser, schema: { params: idParams, response: { 200: bulkAnswer } } },
      async (req) =>
        controlAnswer(await app.bulk.control(currentUser(req).id, req.params.id, action), said[action]),
    );
}
