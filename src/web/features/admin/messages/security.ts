export const securityText = {
  title: 'Security Settings',
  lead: 'The limits the product enforces. Saved values apply at once, to the next request: no restart is needed.',
  sessions: 'Sessions',
  sessionsLead: 'How long a signed-in session lasts.',
  logins: 'Log-in attempts',
  loginsLead: 'Failed log-ins allowed before further attempts wait for the window to pass.',
  lookups: 'Verification look-ups',
  lookupsLead:
    'How many look-ups one address may make before a CAPTCHA is asked for, and before it is refused.',
  uploads: 'Documents',
  uploadsLead:
    'How much each account may store (a user can be given their own quota on the Users page) and how often it may upload.',
  api: 'Public API and webhooks',
  apiLead: 'How often one API token may call, and where webhooks may post.',
  webhooksAllowHttpLoopback: 'Allow webhooks over http to this machine',
  webhooksAllowHttpLoopbackHint:
    'For a receiver on the same host (127.0.0.1, ::1). Every other webhook must use https to a public address.',
  signing: 'Signing requests',
  signingLead:
    'How often users may send requests and mail their recipients, and how hard a signing link may be used.',
  fields: {
    sessionIdleMinutes: [
      'Inactivity timeout',
      'minutes',
      'Signed out after this long without activity (5–240).',
    ],
    sessionLifetimeHours: ['Session lifetime', 'hours', 'Signed out after this long in any case (1–720).'],
    loginWindowMinutes: [
      'Log-in window',
      'minutes',
      'Failed attempts are counted over this period (1–1440).',
    ],
    loginFailuresPerAccount: [
      'Failed log-ins per account',
      'attempts',
      'Per e-mail address within the window (3–100).',
    ],
    loginFailuresPerIp: [
      'Failed log-ins per IP address',
      'attempts',
      'Per address within the window (5–1000).',
    ],
    lookupWindowMinutes: ['Look-up window', 'minutes', 'Look-ups are counted over this period (1–1440).'],
    lookupsBeforeCaptcha: [
      'Look-ups before CAPTCHA',
      'look-ups',
      'Within the window, per address (1–100,000).',
    ],
    lookupsBeforeBlock: ['Look-ups before blocking', 'look-ups', 'More than before CAPTCHA (2–1,000,000).'],
    storageQuotaMb: [
      'Storage per user',
      'MB',
      'Uploads and their signed versions; uploads past it are refused, signing is not (1–1,000,000).',
    ],
    uploadsPerUserPerHour: [
      'Uploads per user',
      'per hour',
      'Then refused until the hour has passed (1–10,000).',
    ],
    uploadsPerIpPerHour: [
      'Uploads per IP address',
      'per hour',
      'All accounts behind one address together (1–100,000).',
    ],
    signingRequestsPerUserPerHour: [
      'Requests per user',
      'per hour',
      'Each mails up to 20 people (1–10,000).',
    ],
    signingCallsPerTokenPerHour: [
      'Signing page calls per link',
      'per hour',
      'Page, code, file and finish calls through one link (10–100,000).',
    ],
    signingCallsPerIpPerHour: [
      'Signing page calls per IP address',
      'per hour',
      'All links used from one address together (10–1,000,000).',
    ],
    signingCodesPerRecipientPerHour: [
      'Identity codes per recipient',
      'per hour',
      'Codes mailed to one recipient (1–100).',
    ],
    signingMailsPerRecipientPerHour: [
      'Resends and reminders per recipient',
      'per hour',
      "The owner's mails to one recipient (1–100).",
    ],
    apiCallsPerTokenPerMinute: [
      'API calls per token',
      'per minute',
      'Calls one token makes to /api/v1; over it the caller is told when to try again (10–100,000).',
    ],
    bulkRowsPerUserPerDay: [
      'Bulk send rows per user',
      'per day',
      'Requests one user may start from bulk sends each day (UTC), in the browser and the API (1–1,000,000).',
    ],
  } as Record<string, [label: string, unit: string, hint: string]>,
  save: 'Save limits',
  saved: 'Security limits saved and in effect',
  reset: 'Undo changes',
};
