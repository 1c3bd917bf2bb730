import { fieldsText } from '#web/components/fields/texts.ts';

/** Texts of composing a signing request that only the browser says; the server's are in #shared. */
export const composeText = {
  ...fieldsText,
  pageTitle: (name: string) => `Request signatures: ${name}`,
  back: 'Back to the document',
  lead: 'Choose who signs, in which order, and where each of them fills in the document. Everyone gets a personal link by e-mail.',
  stepsLabel: 'Steps',
  stepRecipients: '1. Recipients and options',
  stepFields: '2. Fields on the document',
  notPendingTitle: 'Signatures cannot be requested on this document',
  notPendingText:
    'Only a document that is not signed yet and not already waiting for signatures can be sent for signing.',

  recipientsTitle: 'Recipients',
  recipientsHint:
    'Up to 20. In sequential order each recipient is e-mailed when the one before has finished.',
  recipientHeading: (n: number) => `Recipient ${n}`,
  nameLabel: 'Name',
  emailLabel: 'E-mail',
  moveUp: (n: number) => `Move recipient ${n} up`,
  moveDown: (n: number) => `Move recipient ${n} down`,
  remove: (n: number) => `Remove recipient ${n}`,
  addRecipient: 'Add recipient',
  includeMyself: 'Include myself',
  moved: (name: string, n: number) => `${name} is now recipient ${n}.`,

  next: 'Next: place fields',
  fixFirst: 'Some entries need your attention: see the messages next to them.',

  loadingDocument: 'Loading the document…',
  summary: (n: number) => (n === 0 ? 'No fields placed yet.' : `${n} field${n === 1 ? '' : 's'} placed.`),
  backToRecipients: 'Back to recipients',
  send: 'Send request',
  sending: 'Sending…',
  sentTitle: 'Request sent',
  sendFailed: 'The request was not sent',
} as const;
