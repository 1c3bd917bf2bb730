/** Texts of the document-app screens of part 1 §2 (dashboard, templates, team, support). */
export const dashboardText = {
  title: 'Dashboard',
  welcome: (name: string | null) => (name ? `Welcome back, ${name}.` : 'Welcome back.'),
  lead: 'Your documents at a glance, and where to pick up.',
  appNav: 'Document app',
  topNav: 'Dashboard sections',
  menuToggle: 'Menu',
  // sidebar (part 1 §2)
  navHome: 'Home',
  navDashboard: 'Dashboard',
  navDocuments: 'Documents',
  navTemplates: 'Templates',
  navSignatures: 'My Signatures',
  navTeam: 'Team Members',
  navSettings: 'Settings',
  navSupport: 'Support',
  // top bar
  notifications: (n: number) =>
    n === 0
      ? 'No documents awaiting your signature'
      : `${n} document${n === 1 ? '' : 's'} awaiting your signature`,
  userMenu: (name: string) => `Account menu for ${name}`,
  profile: 'Profile',
  accountSettings: 'Account Settings',
  signOut: 'Sign Out',
  // quick actions
  quickActions: 'Quick actions',
  uploadNew: 'Upload New Document',
  uploadNewText: 'Add a PDF to sign or share.',
  viewPending: 'View Pending Documents',
  viewPendingText: 'Documents that still need your signature.',
  manageSignatures: 'Manage Signatures',
  manageSignaturesText: 'Your saved signatures and who can verify them.',
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
