import type {
  AuditEvent,
  AuditEventKind,
  RecipientField,
  RequestField,
  RequestRecipient,
  SigningRequest,
} from '#shared/requests/schemas.ts';
import type { Db } from '#server/db/kysely.ts';
import type { SigningFieldRow, SigningRecipientRow, SigningRequestRow } from '#server/db/schema.ts';

export const toRecipient = (r: SigningRecipientRow): RequestRecipient => ({
  id: r.id,
  position: r.position,
  name: r.name,
  email: r.email,
  role: r.role,
  status: r.status,
  sentAt: r.sent_at,
  openedAt: r.opened_at,
  codeVerifiedAt: r.code_verified_at,
  signedAt: r.signed_at,
  declinedAt: r.declined_at,
  declineReason: r.decline_reason,
  lastRemindedAt: r.last_reminded_at,
  remindersSent: r.reminders_sent,
});

const rectOf = (f: SigningFieldRow) => ({ x: f.x, y: f.y, width: f.width, height: f.height });

export const toField = (f: SigningFieldRow): RequestField => ({
  id: f.id,
  recipientId: f.recipient_id,
  type: f.type,
  page: f.page,
  rect: rectOf(f),
  required: f.required === 1,
  value: f.value,
  key: f.field_key,
  prefill: f.prefill,
  editable: f.prefill_locked !== 1,
});

export const toRecipientField = (f: SigningFieldRow): RecipientField => ({
  id: f.id,
  type: f.type,
  page: f.page,
  rect: rectOf(f),
  required: f.required === 1,
  prefill: f.prefill,
  editable: f.prefill_locked !== 1,
});

/** A request with its recipients, fields and audit trail, as its owner sees it. */
export async function loadRequest(
  db: Db,
  request: SigningRequestRow,
  documentName: string,
): Promise<SigningRequest> {
  const [recipients, fields, events, links] = await Promise.all([
    db
      .selectFrom('signing_recipients')
      .selectAll()
      .where('request_id', '=', request.id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('signing_fields')
      .selectAll()
      .where('request_id', '=', request.id)
      .orderBy('position')
      .execute(),
    db.selectFrom('signing_events').selectAll().where('request_id', '=', request.id).orderBy('id').execute(),
    db
      .selectFrom('share_links')
      .select((eb) => eb.fn.max('expires_at').as('expires_at'))
      .where('document_id', '=', request.document_id)
      .where('request_id', '=', request.id)
      .executeTakeFirst(),
  ]);
  return {
    id: request.id,
    documentId: request.document_id,
    documentName,
    status: request.status,
    order: request.signing_order,
    message: request.message,
    expiresAt: request.expires_at,
    reminders:
      request.reminder_first_days && request.reminder_every_days
        ? { firstAfterDays: request.reminder_first_days, everyDays: request.reminder_every_days }
        : null,
    requireCode: request.require_code === 1,
    recipientsDownloadLink: request.recipients_download_link === 1,
    recipientsLinkExpiresAt: links?.expires_at ?? null,
    createdAt: request.created_at,
    endedAt: request.ended_at,
    revision: request.revision,
    recipients: recipients.map(toRecipient),
    fields: fields.map(toField),
    events: events.map((e): AuditEvent => ({
      id: e.id,
      kind: e.kind as AuditEventKind,
      at: e.created_at,
      actor: e.actor,
      recipientId: e.recipient_id,
      ip: e.ip,
      userAgent: e.user_agent,
      detail: e.detail,
    })),
  };
}

/** Signers and approvers act; viewers only receive the final copy. */
export const acts = (r: Pick<SigningRecipientRow, 'role'>) => r.role !== 'viewer';

/**
 * Who must finish before this recipient may act: in sequential order every signer and approver
 * listed before them who has not finished; in parallel order nobody.
 */
export function waitingFor(
  order: SigningRequestRow['signing_order'],
  all: SigningRecipientRow[],
  recipient: SigningRecipientRow,
): SigningRecipientRow[] {
  if (order === 'parallel') return [];
  return all.filter((r) => acts(r) && r.position < recipient.position && r.status !== 'signed');
}

/** The recipients who may act now and have not been mailed yet (sequential: the next one). */
export function dueAndWaiting(order: SigningRequestRow['signing_order'], all: SigningRecipientRow[]) {
  return all.filter((r) => acts(r) && r.status === 'waiting' && waitingFor(order, all, r).length === 0);
}
