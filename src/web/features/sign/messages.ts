import type { FieldType } from '#shared/requests/schemas.ts';

/** Texts of the recipient's signing page that only the browser says; the server's are in #shared. */
export const signText = {
  pageTitle: (name: string) => `Sign: ${name}`,
  loading: 'Opening your signing link…',
  eyebrow: 'Signing request',
  from: (sender: string, email: string) => (sender === email ? `From ${email}` : `From ${sender} (${email})`),
  until: (date: string) => `The link works until ${date}.`,

  deadTitle: 'This link no longer works',
  // The same page for every link that does not work (no telling which), worded for the recipient
  // who has the mail and knows what they did with it.
  deadWhy:
    'If you received this link by e-mail, the request may have been completed or cancelled, or you may ' +
    'have finished or declined it already. A link also stops when it expires or a newer one replaces it.',
  deadNext:
    'When a request is completed or cancelled, everyone on it receives an e-mail saying so: look for it ' +
    'in your inbox. Otherwise, ask the sender, who can tell you where it stands or send you a new link.',
  home: 'Go to the home page',
  failedTitle: 'The signing page could not be opened',
  retry: 'Try again',

  waitingTitle: 'Not your turn yet',
  waitingList: 'Still to finish before you:',

  lockedTitle: 'Signing request: confirm it is you',
  lockedHeading: (sender: string) => `${sender} has sent you a signing request`,
  codeTitle: 'Confirm it is you',
  codeIntro: (maskedEmail: string) =>
    `The sender asked us to check your e-mail address before we show you the request. We will send a 6-digit code to ${maskedEmail}.`,
  sendCode: 'Send me a code',
  sendAgain: 'Send a new code',
  codeLabel: 'Code from the e-mail',
  codeHint: '6 digits. It works for 10 minutes.',
  confirm: 'Confirm',

  messageFrom: (sender: string) => `Message from ${sender}`,
  progress: (done: number, total: number) =>
    `${done} of ${total} required field${total === 1 ? '' : 's'} filled`,
  nextField: 'Next field',
  finish: 'Finish',
  approve: 'Approve',
  finishing: 'Finishing…',
  finishHint: 'Finish becomes available once every required field is filled.',
  decline: 'Decline',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageImage: (page: number, total: number) => `Page ${page} of ${total} of the document`,
  loadingPage: 'Loading page…',
  loadingDocument: 'Loading the document…',
  fieldsOnPage: (n: number) =>
    n === 1 ? '1 of your fields is on this page.' : `${n} of your fields are on this page.`,
  noFieldsHere: 'None of your fields is on this page.',

  fieldName: (type: string, page: number, required: boolean, filled: boolean) =>
    `${type} field on page ${page}, ${required ? 'required' : 'optional'}, ${filled ? 'filled in' : 'empty'}`,
  checkboxName: (page: number, required: boolean) =>
    `Checkbox on page ${page}, ${required ? 'required' : 'optional'}`,
  serverField: (type: string, shown: string) => `${type}: ${shown}, filled in when you finish`,
  senderField: (type: string, shown: string) => `${type}: ${shown}, filled in by the sender`,
  tapToFill: {
    signature: 'Sign here',
    initials: 'Initial here',
    text: 'Type here',
    checkbox: '',
    name: '',
    date: '',
  } satisfies Record<FieldType, string>,

  signatureTitle: 'Your signature',
  initialsTitle: 'Your initials',
  signatureDescription: 'Draw it, type it, or upload a picture. It is placed in the highlighted box.',
  tabDraw: 'Draw',
  tabType: 'Type',
  tabUpload: 'Upload',
  tabSaved: 'Saved',
  padLabel: 'Drawing pad',
  padHint: 'Draw with a finger, pen or mouse inside the box.',
  clear: 'Clear',
  typeLabel: 'Type your name',
  typeInitialsLabel: 'Type your initials',
  fontLabel: 'Font',
  typedPreview: (text: string, font: string) => `Preview of "${text}" in ${font}`,
  uploadLabel: 'Picture of your signature (PNG, JPEG or SVG)',
  uploadHint: 'A picture on a white or transparent background works best.',
  uploadUnreadable: 'This picture could not be read. Choose a PNG, JPEG or SVG file.',
  uploadPreview: 'Preview of the uploaded signature',
  savedNone: 'You have no saved signatures with a picture.',
  useSaved: (name: string) => `Use saved signature ${name}`,
  defaultBadge: 'Default',
  apply: 'Use this',
  cancel: 'Cancel',

  textTitle: 'Fill in the text',
  textLabel: 'Text',

  declineTitle: 'Decline to sign',
  declineDescription: 'The sender is told, with your reason, and the request stops for everyone.',
  reasonLabel: 'Reason',
  declineConfirm: 'Decline',

  doneTitle: 'Thank you',
  approvedTitle: 'Approved',
  doneVerify: 'When the document is complete, every signature on it carries a QR code that anyone can check.',
  verifyLink: 'Check a signed document',
  declinedTitle: 'You declined',
} as const;
