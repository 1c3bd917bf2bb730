/** The privacy notice: what this server stores, matching how Inkproof actually works. */
export interface PrivacySection {
  id: string;
  title: string;
  items: readonly string[];
}

export const privacySections: readonly PrivacySection[] = [
  {
    id: 'signatures',
    title: 'Signatures you create',
    items: [
      'A signature is stored only when you save it: the image, the signer name, the reference number and any reference data you enter.',
      'Signatures saved without an account expire three months after saving. Signatures in your account stay until you delete them.',
      'The verification page shows the signer name, the date, the reference number and the reference data, with a watermarked image. It never shows your e-mail address.',
    ],
  },
  {
    id: 'accounts',
    title: 'Your account',
    items: [
      'Your name and e-mail address, your password as a one-way hash (never the password itself), and when you last signed in.',
      'The documents you upload and sign are stored with your account and visible only to you and to the people you share them with.',
      'We e-mail you only to confirm your address and to reset your password.',
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies',
    items: [
      'When you sign in, one session cookie keeps you signed in. It is needed for the service to work and ends when you sign out or after 15 minutes without activity.',
      'A security token protects your forms against cross-site requests. There are no advertising or tracking cookies.',
    ],
  },
  {
    id: 'statistics',
    title: 'Visit statistics',
    items: [
      'Inkproof counts page views itself, without cookies: the page path, the time and the host name of the site that linked to it.',
      'To count visitors, your IP address is turned into a code with a secret key that changes its result every day; the code cannot be turned back into your address, and the address itself is not stored for statistics.',
      'If the operator of this server adds an external analytics service, that service receives your visit under its own privacy policy.',
    ],
  },
  {
    id: 'security',
    title: 'Security records',
    items: [
      'To stop abuse, the server counts requests and signature look-ups per IP address and hour, and records sign-ins and account changes with the IP address they came from.',
      'These records are visible only to the administrators of this server and are used to block attacks, never for marketing.',
    ],
  },
  {
    id: 'rights',
    title: 'Your choices',
    items: [
      'You can delete your saved signatures and documents at any time from your account.',
      'To have your account removed or to ask what is stored about you, contact the team that runs this Inkproof service.',
      'We never sell your data or share it with advertisers.',
    ],
  },
];
