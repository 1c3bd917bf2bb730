/** The planned screens: what they will do, said plainly. */
export const plannedText = {
  badge: 'Planned',
  backToDashboard: 'Back to the dashboard',
  templates: {
    title: 'Templates',
    lead: 'Reusable documents with the signature places already marked: upload a contract once, then send a fresh copy to sign whenever you need it.',
    now: 'Not available yet. Today, upload each PDF on the Documents page and place your signatures on it.',
    points: [
      'Save a PDF as a template with the places where signatures go.',
      'Start a new document from a template in one click.',
      'Every signed copy keeps its own QR codes, reference and digital signature.',
    ],
    action: 'Go to Documents',
    actionHref: '/documents',
  },
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
