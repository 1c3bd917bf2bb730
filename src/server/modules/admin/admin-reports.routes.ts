import { fileAnswer } from '#shared/answers.ts';
import { report } from '#shared/admin/answers.ts';
import { reportQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';

/** /api/admin/reports… (under the admin prefix and guard). */
export function adminReportRoutes(app: App) {
  app.get('/reports', { schema: { querystring: reportQuery, response: { 200: report } } }, async (req) => {
    const { from, to } = app.reports.range(req.query.from, req.query.to);
    return app.reports.build(from, to);
  });

  app.get(
    '/reports/export',
    { schema: { querystring: reportQuery, response: { 200: fileAnswer('text/csv') } } },
    async (req, reply) => {
      const { from, to } = app.reports.range(req.query.from, req.query.to);
      const csv = app.reports.toCsv(await app.reports.build(from, to));
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="inkproof-report-${from}-to-${to}.csv"`)
        .send(csv);
    },
  );
}
