/** Texts of "Check a document" on the verification page. */
export const checkText = {
  title: 'Check a document',
  lead: 'Choose a PDF to find out whether it is a document signed with Inkproof, unchanged. Your browser computes its fingerprint (SHA-256) here: the file itself is not uploaded.',
  dropLabel: 'Drag a PDF here or click to choose one',
  dropHint: 'PDF files; nothing leaves your device but the fingerprint',
  hashing: 'Computing the fingerprint…',
  checking: 'Checking…',
  fingerprint: 'Fingerprint (SHA-256)',
  fileLabel: (name: string) => `File: ${name}`,
  signedTitle: 'Genuine signed document',
  signedText:
    'This file is exactly the PDF Inkproof produced when the document was signed. Nothing has been changed since.',
  originalTitle: 'Original, before signing',
  originalText:
    'This file is the unsigned original of a document that was later signed. The signed PDF is a different file.',
  referenceTitle: 'Signed document found',
  referenceText:
    'The reference from the QR code belongs to this signed document. To check a copy you hold, choose the file above.',
  noMatchTitle: 'No match',
  noMatchHint:
    'A copy changed in any way, even by one byte, has a different fingerprint: if this should be a signed document, it is not the file that was signed.',
  failedTitle: 'The check did not work',
  name: 'Document',
  reference: 'Reference',
  signedAt: 'Signed on',
  signers: 'Signed by',
  signerAt: (name: string, when: string) => `${name}, ${when}`,
} as const;
