import type { App } from '#server/app-types.ts';
import { adminTokenRoutes } from '../api/tokens.routes.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import { blogAdminRoutes } from '../blog/blog-admin.routes.ts';
import { jobsAdminRoutes } from '../jobs/jobs-admin.routes.ts';
import { sealsAdminRoutes } from '../seals/seals-admin.routes.ts';
import { adminActivityRoutes } from './admin-activity.routes.ts';
import { adminDashboardRoutes } from './admin-dashboard.routes.ts';
import { adminDiagnosticsRoutes } from './admin-diagnostics.routes.ts';
import { adminDocumentRoutes } from './admin-documents.routes.ts';
import { adminIpRoutes } from './admin-ip.routes.ts';
import { adminReportRoutes } from './admin-reports.routes.ts';
import { adminSettingsRoutes } from './admin-settings.routes.ts';
import { adminSignatureRoutes } from './admin-signatures.routes.ts';
import { adminSupportRoutes } from './admin-support.routes.ts';
import { adminUserRoutes } from './admin-users.routes.ts';
import { signingCertificateRoutes } from './signing-certificate.ts';

export const ADMIN_PREFIX = '/api/admin';

/**
 * The admin area's routes, each named relative to /api/admin. The plugin that registers them
 * guards them all.
 */
async function adminApi(app: App) {
  const admin = app.admin;
  adminUserRoutes(app, admin.users);
  adminSignatureRoutes(app, admin.signatures);
  adminActivityRoutes(app, admin.activity);
  adminDashboardRoutes(app, admin.dashboard);
  adminReportRoutes(app);
  adminSettingsRoutes(app, admin.settings);
  adminSupportRoutes(app, admin.support);
  adminDiagnosticsRoutes(app, admin.diagnostics);
  adminIpRoutes(app, admin.ip);
  adminDocumentRoutes(app, admin.documents);
  blogAdminRoutes(app);
  jobsAdminRoutes(app);
  sealsAdminRoutes(app);
  adminTokenRoutes(app);
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
