/** Texts of the session's own screens: the inactivity warning and the notice after login. */
export const sessionText = {
  inactivityNotice: (minutes: number) =>
    `For your security, you will be automatically logged out after ${minutes} minute${minutes === 1 ? '' : 's'} of inactivity.`,
  warningTitle: 'Are you still there?',
  warningText: (minutes: number) =>
    `You have not done anything for a while. For your security you will be signed out after ${minutes} minute${minutes === 1 ? '' : 's'} without activity.`,
  countdownLabel: 'Signing out in',
  countdown: (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  countdownSpoken: (seconds: number) => `${seconds} second${seconds === 1 ? '' : 's'}`,
  keptHint:
    'Work you have not sent yet on this page is kept in this tab and comes back when you sign in again.',
  stay: 'Stay signed in',
  signOut: 'Sign out now',
} as const;
