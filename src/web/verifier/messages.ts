import { leadingBytes } from '#shared/documents/byte-span.ts';

/** Every string the stand-alone verifier shows (its tests read them from here). */
export const verifierText = {
  title: 'Inkproof offline verifier',
  intro:
    'Checks Inkproof seals on this device, with no network: a verification link, a QR code image or a signed PDF. Save this page and open it from disk whenever you need it.',
  keysFrom: (issuer: string, count: number, retired: number) =>
    `Key set of ${issuer}: ${count} key${count === 1 ? '' : 's'}${retired ? ` (${retired} retired)` : ''}, saved in this file.`,
  noEmbeddedKeys:
    'This copy carries no key set: add one below, or download the verifier again from an Inkproof instance.',
  linkLabel: 'Verification link',
  linkHint: 'The link a QR code opens, with its seal after the # sign.',
  linkButton: 'Verify link',
  fileLabel: 'QR code image or signed PDF',
  fileHint: 'PNG, JPG, WebP or PDF. You can also drop the file anywhere on this page.',
  keysLabel: 'Add a key set (JSON)',
  keysHint:
    "An instance's keys.json (/.well-known/inkproof/keys.json), for seals of another instance or newer keys.",
  resultsHeading: 'Result',
  working: 'Checking…',
  proven: 'Proven',
  notProven: 'Not proven',
  provedHeading: 'What this proves',
  notCheckedHeading: 'What it could not check',
  // sources
  fromPasted: 'The link you entered',
  fromImage: (name: string) => `The QR code in ${name}`,
  fromPdfQr: 'A QR code drawn in the PDF',
  fromPdfText: 'A link written in the PDF',
  // reasons
  emptyLink: 'Enter a verification link first.',
  noQrInImage: 'No QR code could be read in this image.',
  unreadableFile: 'This file is neither a PDF, a key set nor an image this browser can read.',
  emptyFile: 'This file is empty.',
  tooLarge: 'This file is too large to check here.',
  noLinkInPdf:
    'No sealed Inkproof link was found in this PDF: it carries no seal this verifier can check (a PDF signed before seals existed can only be checked online).',
  noOriginal:
    'No revision of this file is the original the seal names: a byte of the original part was changed, or the QR code was copied onto another file.',
  noDocumentSeal:
    "This PDF carries signers' seals but no document seal: the signatures are proven, the file itself is not.",
  notAnImageLink: (text: string) =>
    `The QR code holds "${text}", which is not an Inkproof verification link.`,
  // proofs
  what: {
    signature: (ref: string, name: string) => `Signature ${ref}${name ? `, signed as “${name}”` : ''}.`,
    document: (ref: string, signers: string) => `Document ${ref}${signers ? `, signed by ${signers}` : ''}.`,
  },
  keyEmbedded: (kid: string, issuer: string) =>
    `Key ${kid} is in the key set exported from ${issuer} with this file.`,
  keyRetired: (date: string) => `The key was retired on ${date}; the seal is dated before that.`,
  keyAdded: (kid: string, issuer: string) =>
    `Key ${kid} comes from a key set you added: the seal was made with that key, but this page cannot tell whether the key belongs to ${issuer}.`,
  issuerMoved: (linkIssuer: string, keysIssuer: string) =>
    `The link names ${linkIssuer}, the key set was exported from ${keysIssuer} (an instance that changed its address names its old one in older seals).`,
  expires: (date: string) => `Valid until ${date}.`,
  expired: (date: string) => `It expired on ${date}: proven, but no longer valid.`,
  logIndex: (index: number) => `It was recorded as entry ${index} of the issuer's transparency log.`,
  subjectSignature: (hex: string) => `The signature's data has a SHA-256 starting ${hex}.`,
  originalFound: (revision: number, count: number, end: number, hex: string) =>
    `The original document is revision ${revision} of ${count} of this file (${leadingBytes(end)}): its SHA-256 ${hex} is the one the seal names.`,
  laterRevisions: (from: number, to: number) =>
    from === to
      ? `Revision ${from} was appended after it (Inkproof adds the signature stamps and its PDF signature this way).`
      : `Revisions ${from}–${to} were appended after it (Inkproof adds the signature stamps and its PDF signature this way).`,
  signerSeal: "This is a signer's seal: it proves the signature, not this file.",
  // limits
  notRevocation: (issuer: string) =>
    `Whether it was revoked or deleted since: that needs the issuer's server (${issuer}).`,
  notLog: (index: number) =>
    `Whether entry ${index} is in the issuer's public log: no inclusion proof is available offline.`,
  notLaterRevisions: 'What the later revisions change: only the original revision is proven here.',
  notImage: 'That the picture around the QR code is the signed signature: its pixels are not compared.',
  // key files
  keysAdded: (name: string, kids: string[]) =>
    `Added ${kids.length} key${kids.length === 1 ? '' : 's'} from ${name}: ${kids.join(', ')}.`,
  keysNone: (name: string) =>
    `${name} adds no key: its keys are known already, or are not ES256 P-256 keys named by their own thumbprint.`,
  keysNotJson: (name: string) => `${name} is not a key set (JSON with a "keys" list).`,
  addedKeysHeading: 'Keys you added',
} as const;
