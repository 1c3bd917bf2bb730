/** The planned screens: what they will do, said plainly. */
export const plannedText = {
  badge: 'Planned',
  backToDashboard: 'Back to the dashboard',
  team: {
    title: 'Team Members',
    lead: 'Invite colleagues to one workspace, so documents can be shared and signed by several people.',
    now: 'Not available yet. Today, share a read-only link to a document from its menu on the Documents page.',
    points: [
      'Invite people by e-mail and choose what each of them may do.',
      'Ask a team member to sign a document you uploaded.',
      'See who signed what, and when, on each document.',
    ],
    action: 'Share a document',
    actionHref: '/documents',
  },
  whatItWillDo: 'What it will do',
  whatYouCanDoNow: 'What you can do now',
} as const;
