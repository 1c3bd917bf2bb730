import { idParam } from '#shared/api/common.ts';
import { apiBulkSend, bulkRowListQuery, bulkRowPage, startBulkBody } from '#shared/api/bulk.ts';
import { BULK_CSV_MAX_BYTES, bulkMessages as m } from '#shared/templates/bulk.ts';
import type { App } from '#server/app-types.ts';
import { conflict, notFound } from '#server/lib/outcomes.ts';
import { BULK_BODY_LIMIT, bulkRefused } from '../templates/bulk.routes.ts';
import { decodeCursor, pageFrom } from './cursor.ts';
import { apiUser } from './v1.routes.ts';

const TAGS = ['Bulk sends'];

/** Bulk sends through the public API: JSON rows or a CSV body, then progress and results. */
export function bulkV1(api: App) {
  // A CSV body (Content-Type: text/csv) is read only by this route's scope.
  void api.register(async (scope: App) => {
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: BULK_CSV_MAX_BYTES },
      (_req, body, done) => done(null, { csv: body as string }),
    );
    scope.post(
      '/templates/:id/bulk',
      {
        config: { scope: 'requests:write' },
        bodyLimit: BULK_BODY_LIMIT,
        schema: {
          tags: TAGS,
          operationId: 'startBulkSend',
          summary: 'Send a template to many people, one request per row',
          description:
            'Every row is checked first: one with an error refuses the whole send (400 `validation_failed`, ' +
            'each problem in `issues` by row and column) and nothing is sent. Then each row becomes its own ' +
            'signing request through the job queue; follow it at `GET /api/v1/bulk/{id}`. Send rows as JSON, ' +
            'a CSV file as `{ "csv": "…" }`, or the file itself with `Content-Type: text/csv`. Counts ' +
            "against the owner's daily bulk rows (429 `bulk_daily_limit`) and storage quota (413).",
          params: idParam,
          body: startBulkBody,
          response: { 201: apiBulkSend },
        },
      },
      async (req, reply) => {
        const r = await api.bulk.start(apiUser(req), req.params.id, req.body);
        if (r.kind !== 'ok') throw bulkRefused(r);
        return reply.code(201).send(r.bulk);
      },
    );
  });

  api.get(
    '/bulk/:id',
    {
      config: { scope: 'requests:read' },
      schema: {
        tags: TAGS,
        operationId: 'getBulkSend',
        summary: "A bulk send's progress",
        params: idParam,
        response: { 200: apiBulkSend },
      },
    },
    async (req) => {
      const bulk = await api.bulk.get(apiUser(req).id, req.params.id);
      if (!bulk) throw notFound(m.notFound);
      return bulk;
    },
  );

  api.get(
    '/bulk/:id/rows',
    {
      config: { scope: 'requests:read' },
      schema: {
        tags: TAGS,
        operationId: 'listBulkRows',
        summary:
          "A bulk send's rows in file order: sent (with the request), failed (with the reason) or pending",
        params: idParam,
        querystring: bulkRowListQuery,
        response: { 200: bulkRowPage },
      },
    },
    async (req) => {
      const { cursor, limit, status } = req.query;
      const after = decodeCursor(cursor)?.id ?? 0;
      const rows = await api.bulk.rows(apiUser(req).id, req.params.id, {
        status,
        page: 1,
        pageSize: limit + 1,
        afterRow: after,
      });
      if (!rows) throw notFound(m.notFound);
      return pageFrom(
        rows.items,
        limit,
        (r) => ({ id: r.row }),
        (r) => r,
      );
    },
  );

  for (const action of ['pause', 'resume', 'cancel'] as const)
    api.post(
      `/bulk/:id/${action}`,
      {
        config: { scope: 'requests:write' },
        schema: {
          tags: TAGS,
          operationId: `${action}BulkSend`,
          summary:
            action === 'pause'
              ? 'Pause a bulk send between two rows'
              : action === 'resume'
                ? 'Resume a paused bulk send'
                : 'Cancel a bulk send: rows not yet sent are dropped',
          params: idParam,
          response: { 200: apiBulkSend },
        },
      },
      async (req) => {
        const r = await api.bulk.control(apiUser(req).id, req.params.id, action);
        if (r.kind === 'missing') throw notFound(m.notFound);
        if (r.kind === 'conflict') throw conflict(r.message, { code: 'bulk_not_changeable' });
        return r.bulk;
      },
    );
}
