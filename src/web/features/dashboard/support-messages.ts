import { SHARE_LINK_TTL_DAYS } from '#shared/documents/schemas.ts';
import { ANONYMOUS_EXPIRY_MONTHS } from '#shared/signatures/schemas.ts';

/** The support page: answers to the common questions, and the contact form's texts. */
export const supportText = {
  title: 'Help & Support',
  lead: 'Answers to the questions people ask most, and a way to reach the people who run this site.',
  faqTitle: 'Common questions',
  faq: [
    {
      q: 'How does verification work?',
      a: [
        'Every saved signature gets a reference number (like SIG-20250414-1234) and a QR code that links to the public verification page. Anyone can enter the reference there, or scan the code, and see who signed, when, and the reference data the signer chose to publish.',
        'The page shows a blurred, watermarked copy of the signature, never the clean image, so a verification cannot be used to copy a signature. A signature its owner made private cannot be looked up.',
      ],
    },
    {
      q: 'How long do signatures saved without an account last?',
      a: [
        `Signatures quick-saved without an account expire ${ANONYMOUS_EXPIRY_MONTHS} months after saving; after that their reference no longer verifies. Signatures saved with an account are kept until you delete them.`,
      ],
    },
    {
      q: 'How do I sign a PDF?',
      a: [
        'Sign in, open Documents and upload the PDF (up to 10MB). Choose Sign, then pick one of your saved signatures or draw a new one: it appears in the middle of the page. Drag it where it belongs, drag its corner to resize it (the arrow keys work too), place more on any page, and choose Complete & Sign.',
        'The signed PDF carries a small QR code and reference next to each signature, a last page with the signing certificate, and a digital signature. Your original upload is kept unchanged.',
      ],
    },
    {
      q: 'How do I share a document, and stop sharing it?',
      a: [
        `Choose Share in a document's menu or on its page: a link is copied for you. Anyone holding it can view and download that document, read-only, for ${SHARE_LINK_TTL_DAYS} days. Choose Stop sharing to turn every link to it off at once; deleting the document does the same.`,
      ],
    },
    {
      q: 'How can someone check a signed PDF?',
      a: [
        'Three ways. Open it in a PDF reader: its signature panel says whether the file was changed after signing. Scan one of the QR codes on it: the verification page shows the document, who signed it and when. Or choose the file under "Check a document" on the verification page: the browser computes its fingerprint and we compare it with the signed documents. A copy changed by even one byte does not match.',
      ],
    },
    {
      q: 'What happens to my data?',
      a: [
        'Your account keeps your e-mail address, your name if you give one, your saved signatures and the documents you upload, until you delete them. Deleting a document removes the original, the signed version and its share links.',
        '"Check a document" never uploads the file, only its fingerprint. The full policy is on the privacy page.',
      ],
    },
  ],
  privacyLink: 'Read the privacy policy',
  formTitle: 'Contact us',
  formLead: 'Write to the people who run this site. We answer by e-mail.',
  name: 'Your name',
  email: 'Email Address',
  subject: 'Subject',
  message: 'Message',
  send: 'Send message',
  sending: 'Sending...',
  sentTitle: 'Message sent',
  failedTitle: 'Your message was not sent',
} as const;
