/** Every user-visible text of signing requests that the server says; the web adds its own. */
export const requestMessages = {
  // composing (POST /api/documents/{id}/requests)
  recipientsRequired: 'Add at least one recipient.',
  tooManyRecipients: 'A request can have at most 20 recipients.',
  recipientNameRequired: 'Each recipient needs a name.',
  recipientNameTooLong: 'A recipient name cannot exceed 100 characters.',
  recipientEmailInvalid: 'Enter a valid e-mail address for each recipient.',
  recipientEmailRepeated: (email: string) =>
    `${email} is listed twice: each recipient needs their own address.`,
  roleInvalid: 'A recipient is a signer, an approver or a viewer.',
  orderInvalid: 'The order is sequential or parallel.',
  messageTooLong: 'The message cannot exceed 2000 characters.',
  expiryInvalid: 'Send the expiry as a date and time (ISO 8601).',
  expiryInPast: 'The expiry date must be in the future.',
  expiryTooFar: 'A request can stay open for at most 365 days.',
  remindersInvalid: 'Reminders are sent after 1 to 365 days, or turned off.',
  tooManyFields: 'A request can have at most 500 fields.',
  nobodyActs: 'Add at least one signer or approver: viewers only receive the final copy.',
  fieldTypeInvalid: 'A field is a signature, initials, name, date, text or checkbox.',
  fieldRecipientMissing: (index: number) =>
    `A field belongs to recipient ${index + 1}, who is not in the list.`,
  fieldsForViewer: (name: string) => `${name} is a viewer and only receives a copy: remove their fields.`,
  signerWithoutSignature: (name: string) =>
    `${name} signs but has no signature field: place one for them before sending.`,
  fieldPageMissing: (page: number, pageCount: number) =>
    `Page ${page} does not exist: the document has ${pageCount} page${pageCount === 1 ? '' : 's'}.`,
  fieldOffPage: (page: number, width: number, height: number) =>
    `A field on page ${page} lies outside the page (the page is ${width} x ${height} points; ` +
    'positions are measured from its top-left corner as displayed).',
  signatureFieldTooSmall: (width: number, height: number) =>
    `A signature field must be at least ${width} x ${height} points: it holds the signature and its ` +
    'verification QR code, which must stay large enough to scan.',
  documentSigned: 'This document is already signed: signatures can only be requested on a pending document.',
  documentAwaiting: 'This document is already waiting for signatures. Cancel that request first.',
  documentUnreadable: 'This PDF could not be read, so no fields can be placed on it.',
  tooManyRequests: 'You have sent many signing requests in a short time. Please wait a while and try again.',
  busy: 'The server is busy with other documents. Please try again in a minute.',
  sent: 'Your signing request has been sent.',

  // the owner's actions
  requestNotFound: 'Signing request not found',
  recipientNotFound: 'Recipient not found',
  requestNotActive: 'This signing request is no longer open.',
  recipientNotDue: (name: string) =>
    `It is not ${name}'s turn yet: they are mailed when the recipients before them have finished.`,
  recipientDone: (name: string) => `${name} has already finished.`,
  recipientIsViewer: (name: string) =>
    `${name} is a viewer and receives the final copy once everyone has signed.`,
  tooManyMails:
    'This recipient has been mailed several times in the last hour. Please wait before sending again.',
  cancelled:
    'The signing request has been cancelled. Every link has stopped working and the recipients have been told.',
  resent: (name: string) => `A new link has been sent to ${name}. The previous link no longer works.`,
  reminded: (name: string) => `A reminder has been sent to ${name}.`,
  downloadLinkOff: 'Turned off: the recipients will get no download link when everyone has signed.',
  downloadLinkRevoked: "Turned off: the recipients' download links no longer work.",
  downloadLinkNone: 'This request ended before everyone signed: there is no download link to turn off.',
  documentAwaitingLocked:
    'This document is waiting for signatures and cannot be changed. Cancel the signing request first.',

  // the recipient's side (/api/sign/{token})
  linkNotLive:
    'This signing link is not valid. It may have expired, been replaced by a newer link, been used already, ' +
    'or the request may have been cancelled. Ask the sender for a new link if you still need to sign.',
  tooManyAttempts: 'Too many requests for this link. Please wait a while and try again.',
  codeSent: (email: string) => `We have sent a 6-digit code to ${email}. It expires in 10 minutes.`,
  codeFormat: 'Enter the 6-digit code from the e-mail.',
  codeWrong: (left: number) => `That code is not right. ${left} attempt${left === 1 ? '' : 's'} left.`,
  codeExpired: 'This code has expired or has been tried too often. Ask for a new code.',
  codeVerified: 'Thank you: your e-mail address is confirmed.',
  codeNotNeeded: 'This request does not need a code.',
  codeRequired: 'Confirm your e-mail address with the code we send you first.',
  tooManyCodes:
    'Several codes have been sent to this address in the last hour. Please wait before asking again.',
  notYourTurn: (names: string[]) =>
    `It is not your turn yet: you are waiting for ${names.join(', ')} to finish. We will e-mail you when it is.`,
  viewerNothingToDo: 'You receive a copy of the document once everyone has signed.',
  fieldUnknown: 'A value was sent for a field that is not yours.',
  fieldValueWrong: (type: string) => `The value sent for a ${type} field does not fit it.`,
  fieldFilledByServer: (type: string) =>
    `The ${type} field is filled in when you finish: send no value for it.`,
  fieldRequired: 'Fill in every required field before finishing.',
  fieldPrefillLocked: 'The sender filled in this field; it cannot be changed.',
  textTooLong: 'A text field holds at most 500 characters.',
  imageUnsupported: 'Send the signature as a PNG or SVG image.',
  imageUnreadable: 'The signature image could not be read. Draw or upload it again.',
  imageTooLarge: 'The signature image is too large. Draw it again or upload a smaller image.',
  savedNotAllowed:
    'Saved signatures can be used only when you are signed in with the address this request was sent to.',
  savedNotFound: 'That saved signature is not among yours, or it has no image.',
  finished: 'You have finished. We will e-mail you when everyone has signed.',
  finishedLast: 'Everyone has signed: the final document is being sealed, and everyone will be e-mailed.',
  fieldCannotBeDrawn: (reason: string, characters?: string[]) =>
    reason === 'unknown-glyphs' && characters?.length
      ? `These characters cannot be printed on the document: ${characters.join(' ')}. Please write them differently.`
      : reason === 'text-too-long' || reason === 'text-does-not-fit'
        ? 'A text is too long for its field. Please shorten it.'
        : 'A field could not be drawn on the document. Please fill it in again.',
  reasonRequired: 'Tell the sender why you decline.',
  reasonTooLong: 'The reason cannot exceed 500 characters.',
  declined: 'You have declined to sign. The sender has been told.',
} as const;

/** How each field type is called where a person reads it. */
export const fieldTypeLabels = {
  signature: 'Signature',
  initials: 'Initials',
  name: 'Name',
  date: 'Date',
  text: 'Text',
  checkbox: 'Checkbox',
} as const;

/** What each audit event says on the owner's page and the audit-trail page of the final PDF. */
export const auditEventLabels = {
  created: 'Request created',
  sent: 'Link sent',
  opened: 'Opened',
  'code-sent': 'Identity code sent',
  'code-verified': 'Identity code verified',
  signed: 'Signed',
  approved: 'Approved',
  declined: 'Declined',
  reminded: 'Reminder sent',
  cancelled: 'Request cancelled',
  expired: 'Request expired',
  completed: 'Completed and sealed',
} as const;
