import { z } from 'zod';
import { multiLineText, singleLineText } from '#shared/text.ts';
import { fieldTypes, recipientRoles, requestStatus, signingOrders, type FieldType } from './answers.ts';
import { requestMessages as m } from './messages.ts';
import { holdsStamp, MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';

/** Limits of signing requests; the server enforces every one of them. */
export const MAX_RECIPIENTS = 20;
export const MAX_FIELDS = 500;
export const RECIPIENT_NAME_MAX = 100;
export const RECIPIENT_EMAIL_MAX = 100;
export const REQUEST_MESSAGE_MAX = 2000;
export const REQUEST_DEFAULT_EXPIRY_DAYS = 30;
export const REQUEST_MAX_EXPIRY_DAYS = 365;
export const DEFAULT_REMINDERS = { firstAfterDays: 3, everyDays: 3 } as const;
export const TEXT_FIELD_MAX = 500;
export const DECLINE_REASON_MAX = 500;
/** The identity code: 6 digits, 10 minutes, 5 tries, then a new one is needed. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** A signature image as sent (data URL text); the decoded image is held to the saved-signature cap. */
export const SIGNATURE_VALUE_MAX = 1_048_576;

export {
  fieldTypes,
  recipientRoles,
  signingOrders,
  type FieldType,
  type RecipientRole,
  type SigningOrder,
} from './answers.ts';

/** Filled by the server when the recipient finishes: the recipient's name, the UTC date. */
export const serverFilledFieldTypes: readonly FieldType[] = ['name', 'date'];

const coordinate = z.number().finite().min(-100_000).max(100_000);
const extent = z.number().finite().positive().max(100_000);

/**
 * Where a field goes: points of the page as displayed (CropBox after /Rotate), origin at its
 * top-left corner, y downwards, the same convention as a signature's placement when the owner signs.
 */
export const fieldRectSchema = z.object({ x: coordinate, y: coordinate, width: extent, height: extent });
export type FieldRect = z.infer<typeof fieldRectSchema>;

export const recipientInputSchema = z.object({
  name: singleLineText(m.recipientNameRequired)
    .min(1, m.recipientNameRequired)
    .max(RECIPIENT_NAME_MAX, m.recipientNameTooLong),
  email: z
    .string({ error: m.recipientEmailInvalid })
    .trim()
    .max(RECIPIENT_EMAIL_MAX, m.recipientEmailInvalid)
    .pipe(z.email(m.recipientEmailInvalid))
    .transform((e) => e.toLowerCase()),
  role: z.enum(recipientRoles, { error: m.roleInvalid }).default('signer'),
});
export type RecipientInput = z.input<typeof recipientInputSchema>;

export const fieldInputSchema = z.object({
  /** Index into `recipients` of the create body. */
  recipient: z
    .number()
    .int()
    .min(0)
    .max(MAX_RECIPIENTS - 1),
  type: z.enum(fieldTypes, { error: m.fieldTypeInvalid }),
  /** 1-based. */
  page: z.number().int().min(1).max(1_000_000),
  rect: fieldRectSchema,
  required: z.boolean().default(true),
});
export type FieldInput = z.input<typeof fieldInputSchema>;

export const remindersSchema = z.object({
  firstAfterDays: z
    .number({ error: m.remindersInvalid })
    .int(m.remindersInvalid)
    .min(1, m.remindersInvalid)
    .max(365, m.remindersInvalid),
  everyDays: z
    .number({ error: m.remindersInvalid })
    .int(m.remindersInvalid)
    .min(1, m.remindersInvalid)
    .max(365, m.remindersInvalid),
});
export type Reminders = z.infer<typeof remindersSchema>;

/**
 * POST /api/documents/{id}/requests: create and send. Rules that need the server (the clock for
 * the expiry, the PDF for page sizes, the document's state) are checked there, with the same messages.
 */
export const createRequestShape = z.object({
  recipients: z
    .array(recipientInputSchema, { error: m.recipientsRequired })
    .min(1, m.recipientsRequired)
    .max(MAX_RECIPIENTS, m.tooManyRecipients),
  order: z.enum(signingOrders, { error: m.orderInvalid }).default('sequential'),
  message: multiLineText()
    .max(REQUEST_MESSAGE_MAX, m.messageTooLong)
    .optional()
    .transform((s) => s || undefined),
  /** ISO 8601; default 30 days from now; at most 365 days ahead. */
  expiresAt: z.iso.datetime({ offset: true, error: m.expiryInvalid }).optional(),
  /** null = no reminders. */
  reminders: remindersSchema.nullable().default({ ...DEFAULT_REMINDERS }),
  /** Whether each recipient confirms their address with a mailed 6-digit code first. */
  requireCode: z.boolean().default(true),
  /** Whether each recipient is mailed a download link of the final PDF, valid 30 days, once all have signed. */
  recipientsDownloadLink: z.boolean().default(true),
  fields: z.array(fieldInputSchema).max(MAX_FIELDS, m.tooManyFields).default([]),
});
/**
 * The create body's rules across its parts (no repeated address, fields for existing non-viewer
 * recipients, a signature field per signer, big enough for its stamp), for every way a request is made.
 */
export function checkRequestBody(
  body: {
    recipients: Pick<z.output<typeof recipientInputSchema>, 'name' | 'email' | 'role'>[];
    fields: Pick<z.output<typeof fieldInputSchema>, 'recipient' | 'type' | 'rect'>[];
  },
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  body.recipients.forEach((r, i) => {
    if (seen.has(r.email))
      ctx.addIssue({
        code: 'custom',
        message: m.recipientEmailRepeated(r.email),
        path: ['recipients', i, 'email'],
      });
    seen.add(r.email);
  });
  body.fields.forEach((f, i) => {
    // A signature's verification stamp is printed inside its field: it must hold a readable QR code.
    if (f.type === 'signature' && !holdsStamp(f.rect.width, f.rect.height))
      ctx.addIssue({
        code: 'custom',
        message: m.signatureFieldTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height),
        path: ['fields', i, 'rect'],
      });
    const r = body.recipients[f.recipient];
    if (!r)
      ctx.addIssue({
        code: 'custom',
        message: m.fieldRecipientMissing(f.recipient),
        path: ['fields', i, 'recipient'],
      });
    else if (r.role === 'viewer')
      ctx.addIssue({
        code: 'custom',
        message: m.fieldsForViewer(r.name),
        path: ['fields', i, 'recipient'],
      });
  });
  body.recipients.forEach((r, i) => {
    if (r.role === 'signer' && !body.fields.some((f) => f.recipient === i && f.type === 'signature'))
      ctx.addIssue({ code: 'custom', message: m.signerWithoutSignature(r.name), path: ['recipients', i] });
  });
}
export const createRequestSchema = createRequestShape.superRefine(checkRequestBody);
export type CreateRequestInput = z.input<typeof createRequestSchema>;
export type CreateRequestBody = z.output<typeof createRequestSchema>;

/** A signature or initials as the recipient made it: drawn, typed (rendered by the browser) or uploaded. */
const imageValue = z.object({
  fieldId: z.number().int().positive(),
  kind: z.literal('image'),
  /** data:image/png;base64,… or data:image/svg+xml;…  (the browser turns JPEG uploads into PNG). */
  image: z.string().max(SIGNATURE_VALUE_MAX, m.imageTooLarge),
  method: z.enum(['draw', 'type', 'upload']).optional(),
});
/** One of the signed-in recipient's saved signatures (their account e-mail is the recipient's). */
const savedValue = z.object({
  fieldId: z.number().int().positive(),
  kind: z.literal('saved'),
  signatureId: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const textValue = z.object({
  fieldId: z.number().int().positive(),
  kind: z.literal('text'),
  text: multiLineText().max(TEXT_FIELD_MAX, m.textTooLong),
});
const checkboxValue = z.object({
  fieldId: z.number().int().positive(),
  kind: z.literal('checkbox'),
  checked: z.boolean(),
});
export const fieldValueSchema = z.discriminatedUnion('kind', [
  imageValue,
  savedValue,
  textValue,
  checkboxValue,
]);
export type FieldValue = z.infer<typeof fieldValueSchema>;

/**
 * POST /api/sign/{token}/complete. Signature and initials fields take `image` or `saved`, text
 * fields `text`, checkboxes `checkbox`; name and date fields take nothing (filled on finishing).
 * An optional field may be left out; a required checkbox must be checked.
 */
export const completeSchema = z.object({
  values: z.array(fieldValueSchema).max(MAX_FIELDS, m.tooManyFields).default([]),
});
export type CompleteInput = z.input<typeof completeSchema>;

/** POST /api/sign/{token}/decline */
export const declineSchema = z.object({
  reason: multiLineText(m.reasonRequired).min(1, m.reasonRequired).max(DECLINE_REASON_MAX, m.reasonTooLong),
});

/** POST /api/sign/{token}/verify-code */
export const verifyCodeSchema = z.object({
  code: z
    .string({ error: m.codeFormat })
    .trim()
    .regex(/^\d{6}$/, m.codeFormat),
});

/** A token as it appears in /sign/<token>: 256 bits in base64url. */
export const SIGNING_TOKEN_PATTERN = /^[\w-]{43}$/;

/** GET /api/requests?status=&page=&pageSize=: the signed-in user's requests, newest first. */
export const requestListQuery = z.object({
  status: requestStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

// The answers' types, kept here too so that their importers need not change.
export type {
  AuditEvent,
  AuditEventKind,
  CodeSentResponse,
  CompleteResponse,
  CurrentRequestResponse,
  LockedSigningView,
  OwnerActionResponse,
  RecipientField,
  RecipientStatus,
  RequestField,
  RequestListResponse,
  RequestRecipient,
  RequestResponse,
  RequestStatus,
  RequestSummary,
  SigningAnswer,
  SigningRequest,
  SigningView,
} from './answers.ts';
