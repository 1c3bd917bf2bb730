import { signatureMessages } from '#shared/signatures/messages.ts';

/** What the admin API and the support form answer in words; the web app shows the server's text. */
export const adminMessages = {
  userNotFound: 'User not found',
  cannotDemoteSelf: 'You cannot remove your own admin role',
  cannotDisableSelf: 'You cannot disable your own account',
  cannotDeleteSelf: 'You cannot delete your own account here',
  alreadyVerified: 'This e-mail address is already verified',
  verificationResent: (email: string) => `A new verification e-mail was sent to ${email}`,
  userDeleted: (email: string) => `${email} and their data were deleted`,

  signatureNotFound: signatureMessages.idNotFound,
  signatureDeleted: (reference: string) => `Signature ${reference} deleted`,

  cannotBlockOwnIp: 'You cannot block the address you are using',
  cannotBlockOwnRange: (ip: string) => `You cannot block ${ip}: it includes the address you are using`,
  invalidIp:
    'Enter a valid IPv4 or IPv6 address, or a range in CIDR notation (for example 203.0.113.7, 2001:db8::1 or 198.51.100.0/24)',
  alreadyBlocked: (ip: string) => `${ip} is already blocked`,
  notBlocked: (ip: string) => `${ip} is not blocked`,
  unblocked: (ip: string) => `${ip} is no longer blocked`,

  supportMessageNotFound: 'Message not found',
  supportTooMany: 'You have sent several messages already. Please wait a while before sending another.',
  supportReceived: 'Thank you. Your message has reached our team; we will answer by e-mail.',

  testMail: {
    subject: 'Inkproof test e-mail',
    text: 'This is a test e-mail from your Inkproof server. If you can read it, sending works.',
    html: '<p>This is a test e-mail from your Inkproof server. If you can read it, sending works.</p>',
  },
} as const;
