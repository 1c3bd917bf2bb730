import { z } from 'zod';
import { isoTime, messageAnswer } from '#shared/answers.ts';
import { auditEventLabels } from './messages.ts';

export const recipientRoles = ['signer', 'approver', 'viewer'] as const;
export type RecipientRole = (typeof recipientRoles)[number];
export const signingOrders = ['sequential', 'parallel'] as const;
export type SigningOrder = (typeof signingOrders)[number];
export const fieldTypes = ['signature', 'initials', 'name', 'date', 'text', 'checkbox'] as const;
export type FieldType = (typeof fieldTypes)[number];

export const requestStatus = z.enum(['active', 'completed', 'cancelled', 'declined', 'expired']);
export type RequestStatus = z.infer<typeof requestStatus>;
export const recipientStatus = z.enum(['waiting', 'sent', 'opened', 'signed', 'declined', 'expired']);
export type RecipientStatus = z.infer<typeof recipientStatus>;
export type AuditEventKind = keyof typeof auditEventLabels;
export const auditEventKind = z.enum(Object.keys(auditEventLabels) as [AuditEventKind, ...AuditEventKind[]]);

const recipientRole = z.enum(recipientRoles);
const signingOrder = z.enum(signingOrders);
const fieldType = z.enum(fieldTypes);
/** Points of the page as displayed, origin top-left, y downwards. */
const fieldRect = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const requestRecipient = z.object({
  id: z.number(),
  /** 0-based place in the list (the signing order when sequential). */
  position: z.number(),
  name: z.string(),
  email: z.string(),
  role: recipientRole,
  status: recipientStatus,
  sentAt: isoTime.nullable(),
  openedAt: isoTime.nullable(),
  codeVerifiedAt: isoTime.nullable(),
  signedAt: isoTime.nullable(),
  declinedAt: isoTime.nullable(),
  declineReason: z.string().nullable(),
  lastRemindedAt: isoTime.nullable(),
  remindersSent: z.number(),
});
export type RequestRecipient = z.infer<typeof requestRecipient>;

export const requestField = z.object({
  id: z.number(),
  recipientId: z.number(),
  type: fieldType,
  page: z.number(),
  rect: fieldRect,
  required: z.boolean(),
  /**
   * What was filled in once the recipient finished: text, "true"/"false" for a checkbox, the name,
   * the date (YYYY-MM-DD, UTC); null for signature and initials (they are in the file) and before.
   */
  value: z.string().nullable(),
  /** The template field's key this field's value was given for; null for other fields. */
  key: z.string().nullable(),
  /** A text field's value given by the sender when sending (from a template); null when none. */
  prefill: z.string().nullable(),
  /** Whether the recipient may change the given value. */
  editable: z.boolean(),
});
export type RequestField = z.infer<typeof requestField>;

export const auditEvent = z.object({
  id: z.number(),
  kind: auditEventKind,
  /** UTC, ISO 8601. */
  at: isoTime,
  /** "Name <email>" of the owner or recipient, or "Inkproof" for what the server did on its own. */
  actor: z.string(),
  recipientId: z.number().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

/** A request with its recipients, fields and audit trail, as its owner sees it. */
export const signingRequest = z.object({
  id: z.number(),
  documentId: z.number(),
  documentName: z.string(),
  status: requestStatus,
  order: signingOrder,
  message: z.string().nullable(),
  expiresAt: isoTime,
  reminders: z.object({ firstAfterDays: z.number(), everyDays: z.number() }).nullable(),
  requireCode: z.boolean(),
  /**
   * Whether recipients get (or got) a download link of the final PDF once everyone has signed:
   * each their own share link, valid 30 days. False when the owner chose none or turned it off.
   */
  recipientsDownloadLink: z.boolean(),
  /** When the recipients' download links stop working, once completion made them; null before or without. */
  recipientsLinkExpiresAt: isoTime.nullable(),
  createdAt: isoTime,
  /** When it completed, was cancelled, declined or expired. */
  endedAt: isoTime.nullable(),
  /** Revisions of the file so far: one per finished signer or approver. */
  revision: z.number(),
  recipients: z.array(requestRecipient),
  fields: z.array(requestField),
  /** Oldest first. */
  events: z.array(auditEvent),
});
export type SigningRequest = z.infer<typeof signingRequest>;

/** POST /api/documents/{id}/requests: `{ request }`. */
export const requestAnswer = z.object({ request: signingRequest });
export type RequestResponse = z.infer<typeof requestAnswer>;

/** The owner's actions on a request (cancel, resend, remind, turn off the download link). */
export const ownerActionAnswer = messageAnswer.extend({ request: signingRequest });
export type OwnerActionResponse = z.infer<typeof ownerActionAnswer>;

/** One request in the owner's list: enough for a row with each recipient's state. */
export const requestSummary = z.object({
  id: z.number(),
  documentId: z.number(),
  documentName: z.string(),
  status: requestStatus,
  order: signingOrder,
  createdAt: isoTime,
  expiresAt: isoTime,
  endedAt: isoTime.nullable(),
  recipients: z.array(
    requestRecipient.pick({
      id: true,
      name: true,
      email: true,
      role: true,
      status: true,
      signedAt: true,
      declinedAt: true,
    }),
  ),
});
export type RequestSummary = z.infer<typeof requestSummary>;

/** GET /api/requests?status=&page=&pageSize=: the signed-in user's requests, newest first. */
export const requestListAnswer = z.object({ items: z.array(requestSummary), total: z.number() });
export type RequestListResponse = z.infer<typeof requestListAnswer>;

/** GET /api/documents/{id}/requests/current: the latest request of the document, or null. */
export const currentRequestAnswer = z.object({ request: signingRequest.nullable() });
export type CurrentRequestResponse = z.infer<typeof currentRequestAnswer>;

/** A field as the recipient sees it on their page. */
export const recipientField = z.object({
  id: z.number(),
  type: fieldType,
  page: z.number(),
  rect: fieldRect,
  required: z.boolean(),
  /** A text value the sender gave: the field starts with it. */
  prefill: z.string().nullable(),
  /** False: the sender's value stands and cannot be changed. */
  editable: z.boolean(),
});
export type RecipientField = z.infer<typeof recipientField>;

/**
 * GET /api/sign/{token} while the identity code stands before the request: the link alone must
 * not tell a stranger what is signed or by whom, so only the sender's name, the address the code
 * goes to (masked) and what to do next. The rest (SigningView) once this browser has the code.
 */
export const lockedSigningView = z.object({
  locked: z.literal(true),
  /** What to do next, in words. */
  next: z.string(),
  sender: z.object({ name: z.string() }),
  recipient: z.object({ maskedEmail: z.string() }),
});
export type LockedSigningView = z.infer<typeof lockedSigningView>;

/** GET /api/sign/{token} with the code confirmed, or none needed: what the recipient's page needs. */
export const signingView = z.object({
  locked: z.literal(false),
  document: z.object({ name: z.string(), pageCount: z.number() }),
  sender: z.object({ name: z.string(), email: z.string() }),
  recipient: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    role: recipientRole,
    status: recipientStatus,
  }),
  order: signingOrder,
  expiresAt: isoTime,
  code: z.object({
    /** The owner asked for an identity code on this request. */
    required: z.boolean(),
    /** This browser (its session) has confirmed the code. */
    verified: z.boolean(),
  }),
  turn: z.object({
    yours: z.boolean(),
    /** Those who finish before this recipient may act (sequential order); [] when it is their turn. */
    waitingFor: z.array(z.object({ name: z.string(), role: recipientRole })),
  }),
  /** Code confirmed (or none needed) and their turn: the message, fields and file are available. */
  ready: z.boolean(),
  /** The sender's message; null until ready. */
  message: z.string().nullable(),
  /** This recipient's fields; [] until ready. */
  fields: z.array(recipientField),
  /** GET this for the PDF (inline); null until ready. */
  fileUrl: z.string().nullable(),
  /** The signed-in user's address is this recipient's: their saved signatures may be used. */
  savedSignaturesAllowed: z.boolean(),
});
export type SigningView = z.infer<typeof signingView>;

export const signingAnswer = z.discriminatedUnion('locked', [lockedSigningView, signingView]);
export type SigningAnswer = z.infer<typeof signingAnswer>;

/** POST /api/sign/{token}/code */
export const codeSentAnswer = messageAnswer.extend({ expiresAt: isoTime });
export type CodeSentResponse = z.infer<typeof codeSentAnswer>;

/** POST /api/sign/{token}/complete */
export const completeAnswer = messageAnswer.extend({
  /** Whether this finish was the last one (the final document is being sealed and sent). */
  lastOne: z.boolean(),
});
export type CompleteResponse = z.infer<typeof completeAnswer>;
