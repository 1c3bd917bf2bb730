/** Admin > Users > a user: their API tokens. */
export const apiTokensText = {
  heading: (n: string) => `API tokens (${n})`,
  caption: 'API tokens of this user, newest first',
  none: 'No API tokens.',
  loadFailed: 'Could not load the API tokens.',
  columns: {
    name: 'Name',
    scopes: 'Scopes',
    lastUsed: 'Last used',
    status: 'Status',
  },
  neverUsed: 'Not used yet',
  from: (ip: string) => `from ${ip}`,
  active: 'Active',
  created: (when: string) => `Created ${when}`,
  expires: (when: string) => `Expires ${when}`,
  expired: 'Expired',
  revoked: 'Revoked',
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke API token ${name}`,
  revokeTitle: (name: string) => `Revoke the API token “${name}”?`,
  revokeText: (email: string) =>
    `Every call with this token is refused from now on; ${email} can create a new one in their settings. This cannot be undone.`,
  revokeConfirm: 'Revoke token',
  revokedToast: (name: string) => `API token “${name}” revoked`,
} as const;
