/** The terms and conditions of the about page: 8 sections, last updated April 14, 2025. */
export interface TermsSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export const termsSections: readonly TermsSection[] = [
  {
    id: 'terms-acceptance',
    title: 'Acceptance of these terms',
    paragraphs: [
      'By using Inkproof — creating, downloading, saving or verifying a signature, or opening an account — you agree to these terms. If you do not agree, please do not use the service.',
      'If you use Inkproof on behalf of an organisation, you confirm that you may accept these terms for it.',
    ],
  },
  {
    id: 'terms-service',
    title: 'What Inkproof provides',
    paragraphs: [
      'Inkproof lets you draw or type an electronic signature, download it as an image with a QR code and a reference number, and lets anyone check a signature on its public verification page. Registered users can also keep signatures, upload PDF documents and sign them.',
      'The service is free of charge. We may change, add or remove features, and the service may be briefly unavailable for maintenance.',
    ],
  },
  {
    id: 'terms-accounts',
    title: 'Your account',
    paragraphs: [
      'You need an account only to keep signatures or to sign documents. Give an e-mail address you control, keep your password secret, and tell us at once if you think someone else has used your account. You are responsible for what happens in it.',
      'To protect you on shared computers, you are signed out after 15 minutes without activity. We may suspend or close accounts that break these terms.',
    ],
  },
  {
    id: 'terms-use',
    title: 'Acceptable use',
    paragraphs: [
      'Create signatures only for yourself, or for someone who has clearly authorised you to. You must not:',
    ],
    list: [
      'sign in someone else’s name without their permission, or use a signature to mislead, defraud or impersonate anyone;',
      'upload documents you have no right to share, or files that contain malicious code;',
      'try to get around rate limits, CAPTCHAs or other security measures, or to reach data that is not yours;',
      'overload the service with automated requests or use it for anything unlawful.',
    ],
  },
  {
    id: 'terms-legal-effect',
    title: 'Signatures, verification and legal effect',
    paragraphs: [
      'An Inkproof signature is an electronic signature: an image tied to a record of the signer’s name as entered, the time it was saved and its reference number. The verification page confirms that such a record exists on this service and shows its details. It does not prove the signer’s identity beyond what they entered, unless the signature belongs to a registered account.',
      'Whether an electronic signature is valid for a particular document depends on the law that applies and on what the parties agreed. Inkproof does not give legal advice; for important documents, check the requirements that apply to you.',
    ],
  },
  {
    id: 'terms-content',
    title: 'Your content and how long we keep it',
    paragraphs: [
      'You keep all rights to your signatures and documents. You allow us to store them and to show the signer’s name, the date, the reference number and any reference data on the verification page, because that is what makes verification possible.',
      'Signatures saved without an account expire three months after saving and can then no longer be verified. Signatures in an account are kept until you delete them. The privacy notice explains what else we store.',
    ],
  },
  {
    id: 'terms-liability',
    title: 'Disclaimers and limitation of liability',
    paragraphs: [
      'Inkproof is provided “as is” and “as available”, without warranties of any kind, as far as the law allows. We work to keep the service secure and available, but cannot promise that it will be uninterrupted or free of errors. Keep your own copies of anything important.',
      'As far as the law allows, we are not liable for indirect or consequential losses, or for losses caused by how you or others use a signature. Nothing in these terms limits any liability that cannot be limited by law.',
    ],
  },
  {
    id: 'terms-changes',
    title: 'Changes to these terms and contact',
    paragraphs: [
      'We may update these terms when the service or the law changes. The date above shows the current version, and we announce significant changes on the site before they apply. Using Inkproof after a change means you accept the updated terms.',
      'Questions about these terms? Contact the team that runs this Inkproof service.',
    ],
  },
];
