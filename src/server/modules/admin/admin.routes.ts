import type { App } from '#server/app-types.ts';
import { adminActivityRoutes } from './admin-activity.routes.ts';
import { adminDashboardRoutes } from './admin-dashboard.routes.ts';
import { adminDiagnosticsRoutes } from './admin-diagnostics.routes.ts';
import { adminDocumentRoutes } from './admin-documents.ts';
import { adminIpRoutes } from './admin-ip.routes.ts';
import { adminReportRoutes } from './admin-reports.routes.ts';
import { adminSettingsRoutes } from './admin-settings.routes.ts';
import { adminSignatureRoutes } from './admin-signatures.routes.ts';
import { adminUserRoutes } from './admin-users.routes.ts';
import { signingCertificateRoutes } from './signing-certificate.ts';

/** Every /api/admin call checks the admin role on the server (401 signed out, 403 other roles). */
export function adminRoutes(app: App) {
  adminUserRoutes(app);
  adminSignatureRoutes(app);
  adminActivityRoutes(app);
  adminDashboardRoutes(app);
  adminReportRoutes(app);
  adminSettingsRoutes(app);
  adminDiagnosticsRoutes(app);
  adminIpRoutes(app);
  adminDocumentRoutes(app);
  signingCertificateRoutes(app);
}
