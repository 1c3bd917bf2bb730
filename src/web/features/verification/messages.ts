/** Verification page texts the spec leaves to the browser; the spec's own are in #shared/signatures/messages.ts. */
export const verifyText = {
  formTitle: 'Look up a reference number',
  referenceLabel: 'Reference number',
  referencePlaceholder: 'SIG-20250414-ABCDEF',
  referenceHint: 'Printed under the signature, for example SIG-20250414-4821.',
  submit: 'Verify Signature',
  submitting: 'Verifying…',
  captchaLabel: 'Security code',
  captchaHint: 'Type the characters shown in the image. Letters are case-sensitive.',
  captchaImage: 'Security code image',
  captchaRefresh: 'Refresh security code',
  captchaLoadFailed: 'The security code could not be loaded. Refresh to try again.',
  infoTitle: 'How verification works',
  infoPoints: [
    'Every saved signature has a reference number and a QR code that opens this page.',
    'We show the details stored when the signature was saved: who signed, when, and for what.',
    'The image shown is a blurred, watermarked copy: enough to compare, useless to copy.',
    'Only the details in a verified result come from our records. A link can carry any text.',
  ],
  offlineVerifierText:
    'The offline verifier is one file with this site’s public keys inside: save it, and it checks QR codes, links and signed PDFs on your device, with no network, even if this site is gone.',
  offlineVerifierLink: 'Download the offline verifier',
  resultTitle: 'Signature verified',
  resultLead: 'These details come from our records.',
  signerLabel: 'Signer Name',
  referenceNumberLabel: 'Reference Number',
  referenceDataLabel: 'Reference Data',
  signedOnLabel: 'Signed On',
  verifiedOverlay: 'VERIFIED',
  imageAlt: (name: string) => `Verification copy of the signature of ${name || 'the signer'}`,
  compareHint: 'Compare it with the signature you were given: the shapes should match.',
  // A private signature that signed documents: the signing is shown, not the image.
  documentUseTitle: (n: number) => (n === 1 ? 'Used to sign a document' : `Used to sign ${n} documents`),
  documentUseText:
    'Its owner keeps this signature private, so its image and details are not shown. The signing is on record: the name below is the one printed on the document.',
  documentCheckHint:
    'To check the document itself, look up the document reference (DOC-…) printed on the same certificate page, or choose the PDF under “Check a document”.',
  documentCheckLink: 'Check a document',
  documentsSignedLabel: 'Documents Signed',
  firstSignedLabel: 'First Signed',
  failedTitle: 'Not verified',
  revokedTitle: 'Signature revoked',
  expiredTitle: 'Signature expired',
  // No answer is not a "not verified": the page says what it last heard, and when.
  unreachableTitle: 'The server could not be reached',
  unreachableLastStatus: (status: string, at: string) =>
    `Last known status: ${status}, as the server answered this device on ${at}.`,
  unreachableNoStatus: 'This device has no earlier answer from the server for this reference.',
  unreachableRetry: 'Try again',
  lastStatus: {
    valid: 'valid, not revoked',
    revoked: 'revoked',
    expired: 'expired',
    missing: 'not found',
  },
  captchaTitle: 'Security check',
  urlDataTitle: 'Details carried in the link (not verified)',
  urlNameLabel: 'Name',
  urlTimestampLabel: 'Timestamp',
  urlAdditionalLabel: 'Reference Data',
  checkTitle: 'Check a signature image',
  checkLead:
    'Drop a downloaded signature, or a photo or scan of a printed one. It is read in your browser and never uploaded.',
  dropLabel: 'Drop an image here or choose a file',
  dropHint: 'PNG, JPG, WebP or SVG',
  reading: 'Reading the image…',
  nothingFound:
    'No Inkproof QR code or reference was found in this image. Try a sharper, straighter photo that shows the whole QR code.',
  unreadable: 'This file could not be read as an image.',
  notOurs: 'This QR code does not point to a signature verification page, so it was not opened.',
  qrMetadataMismatch:
    'The QR code and the file’s hidden details name different reference numbers. The one in the visible QR code was checked; treat this file with suspicion.',
  foundInQr: (ref: string) => `Found ${ref} in the QR code.`,
  foundInMetadata: (ref: string) => `Found ${ref} in the file’s details.`,
  scanCamera: 'Scan with camera',
  stopCamera: 'Stop camera',
  cameraLabel: 'Camera preview: hold the QR code inside the frame',
  cameraStarting: 'Starting the camera…',
  cameraScanning: 'Looking for a QR code…',
  cameraDenied:
    'Camera access was refused. Allow the camera in your browser settings, or check an image instead.',
  cameraMissing: 'No camera was found on this device.',
  cameraFailed: 'The camera could not be started.',
} as const;

/** The seal card: what the QR code's own proof says, apart from what the server says now. */
export const sealText = {
  title: 'What the QR code proves by itself',
  checking: 'Checking the seal in the QR code…',
  notProvenTitle: 'Seal not proven',
  lead: 'Checked in this browser with the issuer’s public key, without asking any server.',
  caveat:
    'A seal proves what was issued, not whether it still stands: the server’s current answer is shown separately.',
  signer: 'Signer',
  reference: 'Reference',
  expires: 'Expires',
  expired: 'This item’s own expiry has passed.',
  key: 'Key',
  logIndex: 'Log entry',
  foreign: (issuer: string) =>
    `Issued by another Inkproof instance: ${issuer}. Its keys were fetched from there.`,
  logChecking: 'Checking the public log…',
  logIncluded: (index: number, size: number, at: string) =>
    `In the public log: entry ${index.toLocaleString()} of ${size.toLocaleString()}, in the tree head signed ${at}.`,
  logPending:
    'Not yet in a signed tree head of the public log: heads are signed every few seconds. Check again shortly.',
  logUnavailable: 'The public log could not be reached: inclusion not checked.',
  logFailed: {
    head: 'The log’s tree head is not signed by the issuer’s key.',
    proof: 'The log’s inclusion proof does not lead to its signed tree head.',
    entry: 'The log entry could not be read.',
    mismatch: 'The log entry at this index is not this item’s issuance.',
  },
  statusAsOf: (at: string) =>
    `Offline: checked with the issuer’s keys as this device last synced them, on ${at}.`,
  neverSynced: 'Offline, and this device never synced the issuer’s keys.',
  timing: (ms: number) => `Verified in ${ms < 1 ? '<1' : Math.round(ms)} ms.`,
} as const;
