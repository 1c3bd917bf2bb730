import { requestMessages as m } from '#shared/requests/messages.ts';
import {
  REQUEST_DEFAULT_EXPIRY_DAYS,
  REQUEST_MAX_EXPIRY_DAYS,
  type CreateRequestBody,
  type SigningRequest,
} from '#shared/requests/schemas.ts';
import type { Transaction } from 'kysely';
import type { Database, SigningRecipientRow, SigningRequestRow, UserRow } from '#server/db/schema.ts';
import { iso } from '#server/lib/clock.ts';
import { JobAbortedError, PoolBusyError } from '../pdf/pdf-pool.ts';
import { recordEvent, type Actor } from './audit.ts';
import { invitationMail } from './mails.ts';
import { DAY_MS, type Outgoing, type RequestsService } from './requests.service.ts';
import { issueLink, signingPath } from './tokens.ts';
import { dueAndWaiting, loadRequest } from './views.ts';

export type CreateOutcome =
  | { kind: 'ok'; request: SigningRequest }
  | { kind: 'missing' }
  | { kind: 'invalid'; message: string; path?: (string | number)[] }
  /** The document cannot take a request now (signed, or another request holds it). */
  | { kind: 'document-state'; message: string }
  | { kind: 'busy' };

/** Half a point of slack, as the owner's placements get. */
const EPS = 0.5;
const round = (n: number) => Math.round(n * 100) / 100;

const isUniqueViolation = (err: unknown) =>
  /unique|duplicate key/i.test((err as Error).message ?? '') || (err as { code?: string }).code === '23505';

/** Why a document cannot take a request, or null when it can. */
function documentRefusal(doc: { status: string; signed_at: string | null }) {
  if (doc.signed_at || doc.status === 'signed' || doc.status === 'completed') return m.documentSigned;
  if (doc.status === 'awaiting') return m.documentAwaiting;
  return null;
}

/** The rules only the server can check: the clock, the document's state, its pages. */
async function check(
  svc: RequestsService,
  doc: { id: number; page_count: number },
  body: CreateRequestBody,
  known?: { width: number; height: number }[],
): Promise<
  Exclude<CreateOutcome, { kind: 'ok' | 'missing' | 'document-state' }> | { kind: 'ok'; expiresAt: number }
> {
  const now = svc.now();
  const expiresAt = body.expiresAt ? Date.parse(body.expiresAt) : now + REQUEST_DEFAULT_EXPIRY_DAYS * DAY_MS;
  if (expiresAt <= now) return { kind: 'invalid', message: m.expiryInPast, path: ['expiresAt'] };
  // A minute of slack: "365 days from now" picked in the browser reaches us a moment later.
  if (expiresAt > now + REQUEST_MAX_EXPIRY_DAYS * DAY_MS + 60_000)
    return { kind: 'invalid', message: m.expiryTooFar, path: ['expiresAt'] };
  if (!body.recipients.some((r) => r.role !== 'viewer'))
    return { kind: 'invalid', message: m.nobodyActs, path: ['recipients'] };
  for (const [i, f] of body.fields.entries()) {
    if (f.page > doc.page_count)
      return {
        kind: 'invalid',
        message: m.fieldPageMissing(f.page, doc.page_count),
        path: ['fields', i, 'page'],
      };
  }
  if (body.fields.length === 0) return { kind: 'ok', expiresAt };
  let sizes;
  if (known) sizes = { kind: 'ok' as const, pages: known };
  else {
    const original = await svc.deps.files.get(doc.id, 'original');
    if (!original) throw new Error(`document ${doc.id} has no original file`);
    try {
      sizes = await svc.deps.pdf().pageSizes(original);
    } catch (err) {
      if (err instanceof PoolBusyError) return { kind: 'busy' };
      if (err instanceof JobAbortedError) return { kind: 'invalid', message: m.documentUnreadable };
      throw err;
    }
  }
  if (sizes.kind !== 'ok') return { kind: 'invalid', message: m.documentUnreadable };
  for (const [i, f] of body.fields.entries()) {
    const page = sizes.pages[f.page - 1];
    if (!page)
      return {
        kind: 'invalid',
        message: m.fieldPageMissing(f.page, sizes.pages.length),
        path: ['fields', i, 'page'],
      };
    const r = f.rect;
    const inside =
      r.x >= -EPS && r.y >= -EPS && r.x + r.width <= page.width + EPS && r.y + r.height <= page.height + EPS;
    if (!inside)
      return {
        kind: 'invalid',
        message: m.fieldOffPage(f.page, round(page.width), round(page.height)),
        path: ['fields', i, 'rect'],
      };
  }
  return { kind: 'ok', expiresAt };
}

/**
 * Mints links for the recipients who may act now and have not been mailed (all signers and
 * approvers in parallel order; the next one in sequential order), marks them sent, and returns
 * the invitations to mail after the commit, with their first reminder scheduled.
 */
export async function sendDue(
  svc: RequestsService,
  trx: Transaction<Database>,
  request: SigningRequestRow,
  v: { sender: string; documentName: string; actor: Actor; at: string },
): Promise<Outgoing[]> {
  const all = await trx
    .selectFrom('signing_recipients')
    .selectAll()
    .where('request_id', '=', request.id)
    .orderBy('position')
    .execute();
  const out: Outgoing[] = [];
  for (const r of dueAndWaiting(request.signing_order, all)) {
    const token = await issueLink(trx, r.id, v.at);
    await trx
      .updateTable('signing_recipients')
      .set({ status: 'sent', sent_at: v.at })
      .where('id', '=', r.id)
      .execute();
    await recordEvent(trx, {
      requestId: request.id,
      recipientId: r.id,
      kind: 'sent',
      actor: v.actor,
      at: v.at,
      detail: `Link mailed to ${r.email}`,
    });
    await scheduleReminder(svc, trx, request, r, 1, Date.parse(v.at));
    const link = `${svc.deps.publicUrl()}${signingPath(token)}`;
    out.push({
      to: r.email,
      link,
      mail: invitationMail({
        sender: v.sender,
        documentName: v.documentName,
        role: r.role === 'approver' ? 'approver' : 'signer',
        message: request.message,
        link,
        expiresAt: request.expires_at,
      }),
    });
  }
  return out;
}

export async function scheduleReminder(
  svc: RequestsService,
  trx: Transaction<Database> | undefined,
  request: SigningRequestRow,
  recipient: Pick<SigningRecipientRow, 'id'>,
  n: number,
  from: number,
) {
  const days = n === 1 ? request.reminder_first_days : request.reminder_every_days;
  if (!days) return;
  const runAt = from + days * DAY_MS;
  if (runAt >= Date.parse(request.expires_at)) return;
  await svc.deps.scheduler.schedule(
    'requests.remind',
    { recipientId: recipient.id, n },
    runAt,
    `requests.remind:${recipient.id}:${n}`,
    trx,
  );
}

/** A request made from a template: which one, and per field (as in the body) its key and given value. */
export interface RequestOrigin {
  templateId: number;
  /** The bulk send's row it is made for: at most one request per row (a unique column). */
  bulkRowId?: number;
  /** The pages of the file, when the template's were read already: each copy has the same. */
  pageSizes?: { width: number; height: number }[];
  fields: { key: string | null; prefill: string | null; locked: boolean }[];
}

export async function createRequest(
  svc: RequestsService,
  owner: UserRow,
  documentId: number,
  body: CreateRequestBody,
  actor: Actor,
  origin?: RequestOrigin,
): Promise<CreateOutcome> {
  let doc = await svc.ownedDocument(owner.id, documentId);
  if (!doc) return { kind: 'missing' };
  if (doc.status === 'awaiting') {
    // A request past its expiry whose job has not run yet no longer holds the document.
    const open = await svc.db
      .selectFrom('signing_requests')
      .select(['id', 'expires_at'])
      .where('document_id', '=', doc.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (open && Date.parse(open.expires_at) <= svc.now()) {
      await svc.expire(open.id);
      doc = (await svc.ownedDocument(owner.id, documentId)) ?? doc;
    }
  }
  const refusal = documentRefusal(doc);
  if (refusal) return { kind: 'document-state', message: refusal };
  const checked = await check(svc, doc, body, origin?.pageSizes);
  if (checked.kind !== 'ok') return checked;

  const at = iso(svc.now());
  const sender = owner.name || owner.email;
  let created;
  try {
    created = await svc.db.transaction().execute(async (trx) => {
      // Only a pending document: an owner's signing or another request that got there first wins.
      const marked = await trx
        .updateTable('documents')
        .set({ status: 'awaiting', updated_at: at })
        .where('id', '=', doc.id)
        .where('user_id', '=', owner.id)
        .where('status', '=', 'pending')
        .where('signed_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return null;
      const request = await trx
        .insertInto('signing_requests')
        .values({
          document_id: doc.id,
          user_id: owner.id,
          status: 'active',
          signing_order: body.order,
          message: body.message ?? null,
          expires_at: iso(checked.expiresAt),
          reminder_first_days: body.reminders?.firstAfterDays ?? null,
          reminder_every_days: body.reminders?.everyDays ?? null,
          require_code: body.requireCode ? 1 : 0,
          recipients_download_link: body.recipientsDownloadLink ? 1 : 0,
          template_id: origin?.templateId ?? null,
          bulk_row_id: origin?.bulkRowId ?? null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const [position, r] of body.recipients.entries()) {
        const row = await trx
          .insertInto('signing_recipients')
          .values({
            request_id: request.id,
            position,
            name: r.name,
            email: r.email,
            role: r.role,
            status: 'waiting',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      if (body.fields.length > 0) {
        await trx
          .insertInto('signing_fields')
          .values(
            body.fields.map((f, position) => ({
              request_id: request.id,
              recipient_id: ids[f.recipient]!,
              position,
              type: f.type,
              page: f.page,
              ...f.rect,
              required: f.required ? 1 : 0,
              field_key: origin?.fields[position]?.key ?? null,
              prefill: origin?.fields[position]?.prefill ?? null,
              prefill_locked: origin?.fields[position]?.locked ? 1 : 0,
            })),
          )
          .execute();
      }
      await recordEvent(trx, {
        requestId: request.id,
        kind: 'created',
        actor,
        at,
        detail: `${body.recipients.length} recipient${body.recipients.length === 1 ? '' : 's'}, ${body.order} order`,
      });
      const out = await sendDue(svc, trx, request, { sender, documentName: doc.name, actor, at });
      await svc.deps.scheduler.schedule(
        'requests.expire',
        { requestId: request.id },
        checked.expiresAt,
        `requests.expire:${request.id}`,
        trx,
      );
      return { request, out };
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: 'document-state', message: m.documentAwaiting };
    throw err;
  }
  if (!created) {
    const now = await svc.ownedDocument(owner.id, documentId);
    if (!now) return { kind: 'missing' };
    return { kind: 'document-state', message: documentRefusal(now) ?? m.documentAwaiting };
  }
  svc.sendAll(created.out);
  await svc.deps.events.emit(owner.id, 'request.sent', {
    requestId: created.request.id,
    documentId: doc.id,
    documentName: doc.name,
    recipients: body.recipients.map((r) => ({ name: r.name, email: r.email, role: r.role })),
    expiresAt: created.request.expires_at,
  });
  return { kind: 'ok', request: await loadRequest(svc.db, created.request, doc.name) };
}
