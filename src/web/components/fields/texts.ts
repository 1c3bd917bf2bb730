import type { FieldType, RecipientRole } from '#shared/requests/schemas.ts';

/** Texts of placing fields and choosing a request's options, shared by requests and templates. */
export const fieldsText = {
  roleLabel: 'Role',
  roles: { signer: 'Signer', approver: 'Approver', viewer: 'Viewer (gets a copy)' } satisfies Record<
    RecipientRole,
    string
  >,
  rolesShort: { signer: 'signer', approver: 'approver', viewer: 'viewer' } satisfies Record<
    RecipientRole,
    string
  >,
  optionsTitle: 'Options',
  orderLabel: 'Order',
  orderSequential: 'Sequential: one after another, in the listed order',
  orderParallel: 'Parallel: everyone at once',
  messageLabel: 'Message to the recipients (optional)',
  expiryLabel: 'Links work until',
  expiryHint: 'At most 365 days from today. Unfinished requests stop at the end of this day.',
  remindersLabel: 'Send reminders',
  remindersHint: 'To recipients who have not finished yet.',
  firstAfterLabel: 'First reminder after (days)',
  everyLabel: 'Then every (days)',
  requireCodeLabel: 'Ask for an identity code',
  requireCodeHint:
    'Each recipient confirms their address with a 6-digit code e-mailed to them before they see the document.',
  downloadLinkLabel: (days: number) =>
    `Send recipients a download link when everyone has signed (valid ${days} days)`,
  downloadLinkHint:
    "Each recipient gets a link of their own to the signed PDF; anyone they pass it on to can open it. You can turn the links off on the document's page at any time. Without them, recipients get the signed PDF only as an e-mail attachment, when it is small enough.",
  placeTitle: 'Place the fields',
  placeHint: (party: string) =>
    `Pick a ${party} and a field, then tap or click the page where it goes. Drag a field to move it and its corner handle to resize it. With the keyboard a field button adds the field in the middle of this page; then use the arrow keys on it or on its corner (Shift for larger steps). In a signature field, the dashed square and lines show where its verification QR code and caption are printed.`,
  tapToPlace: (type: string) => `Tap or click where the ${type.toLowerCase()} goes`,
  placeOnPage: (type: string, page: number) => `Place the ${type.toLowerCase()} on page ${page}`,
  forRecipient: 'Fields for',
  addFieldsLabel: 'Add a field',
  addField: (type: string) => `Add ${type.toLowerCase()}`,
  fieldsOf: (name: string, n: number) => `${name}: ${n} field${n === 1 ? '' : 's'}`,
  viewerNoFields: 'A viewer receives a copy and has no fields.',
  fieldLabel: (type: string, who: string, n: number, party: string) => `${type} for ${who} (${party} ${n})`,
  fieldGroup: (type: string, who: string, page: number) => `${type} for ${who} on page ${page}`,
  fieldWhere: (x: number, y: number, w: number, h: number) =>
    `${w} by ${h} points, ${x} from the left and ${y} from the top`,
  moveField: 'Move field',
  resizeField: 'Resize field',
  removeField: (type: string, who: string) => `Remove ${type.toLowerCase()} field of ${who}`,
  stampTooSmall: (w: number, h: number) => `Too small for the QR code: at least ${w} x ${h} points`,
  requiredLabel: 'Required',
  selectedField: 'Selected field',
  noFieldSelected: 'Select a field on the page to change it.',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageImage: (page: number, total: number) => `Page ${page} of ${total}, where fields are placed`,
  pageN: (n: number) => `page ${n}`,
  loadingPage: 'Loading page…',
} as const;

export const fieldTypeShort: Record<FieldType, string> = {
  signature: 'Sig',
  initials: 'Init',
  name: 'Name',
  date: 'Date',
  text: 'Text',
  checkbox: '✓',
};
