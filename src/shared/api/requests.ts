import { z } from 'zod';
import { MIN_STAMP_BOX } from '../documents/stamp-layout.ts';
import {
  auditEvent,
  requestField,
  requestRecipient,
  requestStatus,
  requestSummary,
  signingRequest,
} from '../requests/answers.ts';
import { requestMessages as m } from '../requests/messages.ts';
import {
  checkRequestBody,
  createRequestShape,
  DEFAULT_REMINDERS,
  fieldInputSchema,
  fieldRectSchema,
  MAX_FIELDS,
  MAX_RECIPIENTS,
  recipientInputSchema,
  remindersSchema,
} from '../requests/schemas.ts';
import { idParam, pageOf, pageQuery } from './common.ts';

const COORDINATES =
  'PDF points (1/72 inch) on the page as displayed (its CropBox, after any /Rotate), measured from ' +
  "the page's top-left corner, x to the right and y downwards";

/** Where a field goes on its page. */
export const apiFieldRect = fieldRectSchema
  .extend({
    x: fieldRectSchema.shape.x.describe(`Left edge: ${COORDINATES}.`),
    y: fieldRectSchema.shape.y.describe(`Top edge: ${COORDINATES}.`),
    width: fieldRectSchema.shape.width.describe('Width in PDF points.'),
    height: fieldRectSchema.shape.height.describe('Height in PDF points.'),
  })
  .meta({
    id: 'FieldRect',
    description:
      `A field's box in ${COORDINATES}. It must lie on the page (half a point of slack); ` +
      `a signature field is at least ${MIN_STAMP_BOX.width} × ${MIN_STAMP_BOX.height} points, ` +
      "room for the signature's verification stamp.",
  });

export const apiRecipientInput = recipientInputSchema
  .extend({
    name: recipientInputSchema.shape.name.describe(
      "The recipient's name, as mails and the audit trail show it.",
    ),
    email: recipientInputSchema.shape.email.describe(
      'Where the signing link is mailed; unique within the request.',
    ),
    role: recipientInputSchema.shape.role.describe(
      '`signer` signs (needs at least one signature field), `approver` approves (fields optional), ' +
        '`viewer` only receives the final copy (no fields, no link). At least one recipient signs or approves.',
    ),
  })
  .meta({
    id: 'NewRecipient',
    description: "A recipient; their place in `recipients` is their turn when `order` is 'sequential'.",
  });

export const apiFieldInput = fieldInputSchema
  .extend({
    recipient: fieldInputSchema.shape.recipient.describe(
      'Whose field it is: the 0-based index of the recipient in `recipients`.',
    ),
    type: fieldInputSchema.shape.type.describe(
      '`signature` and `initials` take a picture, `text` a line of text, `checkbox` a tick; ' +
        '`name` and `date` are filled by the server when the recipient finishes (their name, the UTC date).',
    ),
    page: fieldInputSchema.shape.page.describe('1-based page number.'),
    rect: apiFieldRect,
    required: fieldInputSchema.shape.required.describe(
      'Whether the recipient must fill it (a required checkbox must be ticked).',
    ),
  })
  .meta({ id: 'NewField' });

export const apiReminders = remindersSchema
  .extend({
    firstAfterDays: remindersSchema.shape.firstAfterDays.describe(
      'Days after the invitation of the first reminder.',
    ),
    everyDays: remindersSchema.shape.everyDays.describe('Days between the later reminders.'),
  })
  .meta({
    id: 'Reminders',
    description: 'Automatic reminders to recipients who have not finished, until the expiry.',
  });

const shape = createRequestShape.shape;

/**
 * POST /api/v1/requests: everything the compose screen sets, for one of the token owner's
 * documents; the same rules and messages as the browser's.
 */
export const createRequestBody = z
  .object({
    documentId: z
      .number()
      .int()
      .positive()
      .describe('The document to sign: pending, not signed, not in another request.'),
    recipients: z
      .array(apiRecipientInput, { error: m.recipientsRequired })
      .min(1, m.recipientsRequired)
      .max(MAX_RECIPIENTS, m.tooManyRecipients)
      .describe(`1 to ${MAX_RECIPIENTS} recipients, in signing order.`),
    order: shape.order.describe(
      '`sequential`: each signer or approver is mailed once the ones listed before have finished; `parallel`: all at once.',
    ),
    message: shape.message.describe('A message to the recipients, in their invitation mail.'),
    expiresAt: shape.expiresAt.describe(
      'When the links stop working (ISO 8601 with offset); default 30 days from now, at most 365 days ahead.',
    ),
    reminders: apiReminders
      .nullable()
      .default({ ...DEFAULT_REMINDERS })
      .describe('null: no reminders. Default every 3 days, from 3 days after the invitation.'),
    requireCode: shape.requireCode.describe(
      'Whether each recipient first confirms their address with a 6-digit code mailed to it (default true).',
    ),
    recipientsDownloadLink: shape.recipientsDownloadLink.describe(
      'Whether each recipient is mailed a download link of the final PDF, valid 30 days, once all have signed (default true).',
    ),
    fields: z
      .array(apiFieldInput)
      .max(MAX_FIELDS, m.tooManyFields)
      .default([])
      .describe(`Up to ${MAX_FIELDS} fields, each for one signer or approver.`),
  })
  .superRefine(checkRequestBody)
  .meta({ id: 'CreateSigningRequest' });
export type ApiCreateRequestInput = z.input<typeof createRequestBody>;

export const apiRecipient = requestRecipient
  .extend({
    status: requestRecipient.shape.status.describe(
      '`waiting` for their turn, `sent` (mailed), `opened` (viewed the link), `signed` (finished), `declined`, `expired`.',
    ),
    openedAt: requestRecipient.shape.openedAt.describe('When they first opened their link.'),
  })
  .meta({ id: 'Recipient', description: 'A recipient as the owner sees them: never their signing link.' });

export const apiRequestField = requestField.extend({ rect: apiFieldRect }).meta({ id: 'RequestField' });

export const apiAuditEvent = auditEvent.meta({ id: 'AuditEvent' });

/** A signing request with its recipients, fields and audit trail (oldest first). */
export const apiSigningRequest = signingRequest
  .extend({
    recipients: z.array(apiRecipient),
    fields: z.array(apiRequestField),
    events: z.array(apiAuditEvent).describe('The audit trail, oldest first.'),
  })
  .meta({ id: 'SigningRequest' });

export const apiRequestSummary = requestSummary.meta({ id: 'SigningRequestSummary' });
export const requestPage = pageOf(apiRequestSummary).meta({ id: 'SigningRequestPage' });

export const requestListQuery = pageQuery.extend({
  status: requestStatus.optional().describe('Only requests in this state.'),
  documentId: z.coerce.number().int().positive().optional().describe('Only requests for this document.'),
});

export const recipientParams = idParam.extend({
  recipientId: z.coerce.number().int().positive(),
});
