import type { App } from '#server/app-types.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import { blogAdminRoutes } from '../blog/blog-admin.routes.ts';
import { jobsAdminRoutes } from '../jobs/jobs-admin.routes.ts';
import { sealsAdminRoutes } from '../seals/seals-admin.routes.ts';
import { adminActivityRoutes } from './admin-activity.routes.ts';
import { AdminActivityService } from './admin-activity.service.ts';
import { adminDashboardRoutes } from './admin-dashboard.routes.ts';
import { AdminDashboardService } from './admin-dashboard.service.ts';
import { adminDiagnosticsRoutes } from './admin-diagnostics.routes.ts';
import { AdminDiagnosticsService } from './admin-diagnostics.service.ts';
import { adminDocumentRoutes } from './admin-documents.routes.ts';
import { AdminDocumentsService } from './admin-documents.service.ts';
import { adminIpRoutes } from './admin-ip.routes.ts';
import { AdminIpService } from './admin-ip.service.ts';
import { adminReportRoutes } from './admin-reports.routes.ts';
import { adminSettingsRoutes } from './admin-settings.routes.ts';
import { AdminSettingsService } from './admin-settings.service.ts';
import { adminSignatureRoutes } from './admin-signatures.routes.ts';
import { AdminSignaturesService } from './admin-signatures.service.ts';
import { adminSupportRoutes } from './admin-support.routes.ts';
import { adminUserRoutes } from './admin-users.routes.ts';
import { AdminUsersService } from './admin-users.service.ts';
import { signingCertificateRoutes } from './signing-certificate.ts';
import { SupportService } from './support.service.ts';

export const ADMIN_PREFIX = '/api/admin';

/**
 * The admin area's routes, each named relative to /api/admin. The plugin that registers them
 * guards them all.
 */
async function adminApi(app: App) {
  const activity = new AdminActivityService(app);
  const documents = new AdminDocumentsService(app);
  adminUserRoutes(app, new AdminUsersService(app));
  adminSignatureRoutes(app, new AdminSignaturesService(app));
  adminActivityRoutes(app, activity);
  adminDashboardRoutes(app, new AdminDashboardService(app, activity, documents));
  adminReportRoutes(app);
  adminSettingsRoutes(app, new AdminSettingsService(app));
  adminSupportRoutes(app, new SupportService(app));
  adminDiagnosticsRoutes(app, new AdminDiagnosticsService(app));
  adminIpRoutes(app, new AdminIpService(app));
  adminDocumentRoutes(app, documents);
  blogAdminRoutes(app);
  jobsAdminRoutes(app);
  sealsAdminRoutes(app);
}

/**
 * Every admin route, behind one guard: `requireAdmin` on `onRequest` for the whole scope, so it
 * answers 401 (signed out) or 403 (any role but admin) before a body is read or validated, and a
 * route added here cannot be left unguarded. Registered once by app.ts: `app.register(adminPlugin)`.
 */
export async function adminPlugin(app: App) {
  app.addHook('onRequest', requireAdmin);
  await app.register(adminApi, { prefix: ADMIN_PREFIX });
  // signing-certificate.ts names its routes in full (/api/admin/signing-certificate).
  signingCertificateRoutes(app);
}
