/** Texts of the public page behind a share link. */
export const sharedText = {
  eyebrow: 'Shared document',
  unavailableTitle: 'This link does not work any more',
  unavailableHint: 'Ask the person who sent it for a new link.',
  home: 'Go to the home page',
  signedBy: (names: string, when: string) => `Signed by ${names || 'the owner'} on ${when}`,
  linkUntil: (date: string) => `Link valid until ${date}`,
  verify: 'Verify signatures',
} as const;
