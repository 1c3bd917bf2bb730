import type { SealFailureReason } from './verify.ts';

/** Why a seal proves nothing, in words a verifier can show as they are. */
export const sealFailureMessages: Record<SealFailureReason, string> = {
  'no-seal': 'This link carries no seal: it can only be checked online.',
  'not-a-link': 'This is not an Inkproof verification link.',
  malformed: 'The seal is damaged: it is not in the form Inkproof writes.',
  truncated: 'The seal is incomplete: part of it is missing (a cut-off link or a damaged code).',
  unsupported: 'The seal was written by a newer Inkproof than this verifier understands.',
  altered: 'The link was changed after it was sealed: a detail the seal covers is missing or unreadable.',
  'wrong-kind': 'The seal belongs to another kind of item than this one.',
  'unknown-key': 'The seal names a key this verifier does not know: it cannot be checked against the issuer.',
  'expired-key': 'The seal is dated after its key was retired, which the issuer never does.',
  'bad-signature': 'The signature does not match: the link or the seal was altered, or another key made it.',
};

export const sealMessages = {
  proven: (issuer: string, date: string) => `Signed by the Inkproof instance at ${issuer} on ${date}`,
  notProven: 'Not proven',
} as const;
