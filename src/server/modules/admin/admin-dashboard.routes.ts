import { dashboard } from '#shared/admin/answers.ts';
import type { App } from '#server/app-types.ts';
import type { AdminDashboardService } from './admin-dashboard.service.ts';

/** /api/admin/dashboard (under the admin prefix and guard). */
export function adminDashboardRoutes(app: App, service: AdminDashboardService) {
  app.get('/dashboard', { schema: { response: { 200: dashboard } } }, async () => service.build());
}
