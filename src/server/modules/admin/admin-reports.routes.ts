import { reportQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { requireAdmin } from '#server/plugins/auth.ts';

export function adminReportRoutes(app: App) {
  app.get(
    '/api/admin/reports',
    { onRequest: requireAdmin, schema: { querystring: reportQuery } },
    async (req) => {
      const { from, to } = app.reports.range(req.query.from, req.query.to);
      return app.reports.build(from, to);
    },
  );

  app.get(
    '/api/admin/reports/export',
    { onRequest: requireAdmin, schema: { querystring: reportQuery } },
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
