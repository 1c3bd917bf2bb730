/** Texts of the document-app screens (dashboard, templates, team, support). */
export const dashboardText = {
  title: 'Dashboard',
  welcome: (name: string | null) => (name ? `Welcome back, ${name}.` : 'Welcome back.'),
  lead: 'Your documents at a glance, and where to pick up.',
  // the rest of the document app's sidebar (the header's account menu has the others)
  moreTitle: 'More in your workspace',
  navTemplates: 'Templates',
  templatesText: 'Reusable documents with their roles and fields.',
  navTeam: 'Team Members',
  teamText: 'Signing together: coming soon.',
  navSupport: 'Support',
  supportText: 'Answers and a way to reach us.',
  // the notification badge
  notifications: (n: number) =>
    n === 0
      ? 'No documents awaiting your signature'
      : `${n} document${n === 1 ? '' : 's'} awaiting your signature`,
  notificationsLoading: 'Documents awaiting your signature',
  // quick actions
  quickActions: 'Quick actions',
  uploadNew: 'Upload New Document',
  uploadNewText: 'Add a PDF to sign or share.',
  viewPending: 'View Pending Documents',
  viewPendingText: 'Documents that still need your signature.',
  manageSignatures: 'Manage Signatures',
  manageSignaturesText: 'Your saved signatures and who can verify them.',
  // recent templates
  templatesTitle: 'Templates',
  templatesAll: 'All templates',
  templatesEmpty: 'No templates yet. Make one from a PDF to send the same document again in a minute.',
  templatesNew: 'New template',
  templatesFailed: 'Could not load your templates.',
  templateUse: 'Use',
  templateUseNamed: (name: string) => `Use ${name}`,
  templateRoles: (roles: string) => roles || 'No roles yet',
  // counts
  countsTitle: 'Documents by status',
  countSigned: 'Signed',
  countPending: 'Pending',
  countShared: 'Shared',
  countAwaiting: 'Awaiting',
  countCompleted: 'Completed',
  countHint: {
    signed: 'signed and sealed',
    pending: 'awaiting a signature',
    shared: 'shared, not yet signed',
    awaiting: 'waiting for other people to sign',
    completed: 'signed by everyone asked, and sealed',
  },
  countsFailed: 'Could not load your documents.',
  retry: 'Retry',
  // recent
  recentTitle: 'Recent documents',
  recentEmpty: 'No documents yet. Upload your first PDF to sign or share it.',
  recentSigned: 'Signed',
  recentPending: 'Pending',
  viewAll: 'View all documents',
  createdOn: (date: string) => `Created ${date}`,
} as const;
