/** Query keys of the admin pages; invalidating a prefix refreshes every page of that list. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  users: ['admin', 'users'] as const,
  user: (id: number) => ['admin', 'users', 'detail', id] as const,
  userApiTokens: (id: number) => ['admin', 'users', 'api-tokens', id] as const,
  signatures: ['admin', 'signatures'] as const,
  signature: (id: number) => ['admin', 'signatures', 'detail', id] as const,
  activities: ['admin', 'activities'] as const,
  activityEvents: ['admin', 'activity-events'] as const,
  reports: ['admin', 'reports'] as const,
  emailSettings: ['admin', 'email-settings'] as const,
  outbox: ['admin', 'outbox'] as const,
  securitySettings: ['admin', 'security-settings'] as const,
  siteSettings: ['admin', 'site-settings'] as const,
  supportMessages: ['admin', 'support-messages'] as const,
  diagnostics: ['admin', 'diagnostics'] as const,
  signingCertificate: ['admin', 'signing-certificate'] as const,
  ipTracking: ['admin', 'ip-tracking'] as const,
  ip: (ip: string, hours: number) => ['admin', 'ip-tracking', 'detail', ip, hours] as const,
};

/** Admin figures change under the admin's feet: every page visit reads them again (in the background). */
export const fresh = { staleTime: 0 } as const;
