import { activityLabel } from '#shared/admin/activity.ts';
import { commonText, chartText, activityColumnsText } from '#web/features/admin/messages/common.ts';
import { dashboardText } from '#web/features/admin/messages/dashboard.ts';
import { usersText } from '#web/features/admin/messages/users.ts';
import { signaturesText } from '#web/features/admin/messages/signatures.ts';
import { activitiesText } from '#web/features/admin/messages/activities.ts';
import { reportsText } from '#web/features/admin/messages/reports.ts';
import { emailText } from '#web/features/admin/messages/email.ts';
import { securityText } from '#web/features/admin/messages/security.ts';
import { diagnosticsText } from '#web/features/admin/messages/diagnostics.ts';
import { certificateText } from '#web/features/admin/messages/certificate.ts';
import { ipText } from '#web/features/admin/messages/ip.ts';
import { settingsText } from '#web/features/admin/messages/settings.ts';
import { apiTokensText } from '#web/features/admin/messages/api-tokens.ts';

/** Texts of the admin pages, one file per page (the spec names the pages and menu, not their contents). */
export const adminText = {
  common: commonText,
  chart: chartText,
  activityColumns: activityColumnsText,
  dashboard: dashboardText,
  users: usersText,
  signatures: signaturesText,
  activities: activitiesText,
  reports: reportsText,
  email: emailText,
  security: securityText,
  diagnostics: diagnosticsText,
  certificate: certificateText,
  ip: ipText,
  settings: settingsText,
  apiTokens: apiTokensText,
} as const;

/** A readable name for an activity event (the catalogue the server shares). */
export const eventLabel = activityLabel;
