import { requestMessages as m } from '#shared/requests/messages.ts';
import type { SigningRequest } from '#shared/requests/schemas.ts';
import type { SigningRecipientRow, SigningRequestRow, UserRow } from '#server/db/schema.ts';
import { iso } from '#server/lib/clock.ts';
import { SYSTEM, recordEvent, type Actor } from './audit.ts';
import { scheduleReminder } from './compose.ts';
import { cancelledMail, invitationMail } from './mails.ts';
import { Rollback, type Outgoing, type RequestsService } from './requests.service.ts';
import { issueLink, revokeLinks, signingPath } from './tokens.ts';

/** Why an owner's action does not apply to the request or recipient as they now are. */
export type OwnerConflict =
  | 'request_not_active'
  | 'recipient_not_due'
  | 'recipient_finished'
  | 'recipient_is_viewer'
  | 'no_download_link';

export type OwnerOutcome =
  | { kind: 'ok'; request: SigningRequest; message: string }
  | { kind: 'missing'; message: string }
  | { kind: 'conflict'; message: string; reason: OwnerConflict };

/** POST /api/requests/{id}/cancel: every link dies, the document is pending again, recipients are told. */
export async function cancel(
  svc: RequestsService,
  owner: UserRow,
  requestId: number,
  actor: Actor,
): Promise<OwnerOutcome> {
  const request = await svc.ownedRequest(owner.id, requestId);
  if (!request) return { kind: 'missing', message: m.requestNotFound };
  const at = iso(svc.now());
  const ended = await svc.db.transaction().execute(async (trx) => {
    if (!(await svc.end(trx, request, 'cancelled', at))) return false;
    await recordEvent(trx, { requestId, kind: 'cancelled', actor, at });
    return true;
  });
  if (!ended) return { kind: 'conflict', message: m.requestNotActive, reason: 'request_not_active' };
  await svc.deps.events.emit(owner.id, 'request.cancelled', { requestId, documentId: request.document_id });
  const [doc, told] = await Promise.all([
    svc.db
      .selectFrom('documents')
      .select('name')
      .where('id', '=', request.document_id)
      .executeTakeFirstOrThrow(),
    svc.db
      .selectFrom('signing_recipients')
      .select('email')
      .where('request_id', '=', requestId)
      .where('sent_at', 'is not', null)
      .execute(),
  ]);
  const sender = owner.name || owner.email;
  for (const r of told) {
    if (r.email === owner.email) continue;
    svc.deps.send({ to: r.email, mail: cancelledMail(sender, doc.name), link: '' });
  }
  return {
    kind: 'ok',
    request: await svc.view((await svc.ownedRequest(owner.id, requestId))!),
    message: m.cancelled,
  };
}

/**
 * DELETE /api/requests/{id}/download-link: the recipients get no download link of the final PDF,
 * and the links a completed request mailed them stop working at once.
 */
export async function turnOffDownloadLink(
  svc: RequestsService,
  owner: UserRow,
  requestId: number,
): Promise<OwnerOutcome> {
  const request = await svc.ownedRequest(owner.id, requestId);
  if (!request) return { kind: 'missing', message: m.requestNotFound };
  if (request.status !== 'active' && request.status !== 'completed')
    return { kind: 'conflict', message: m.downloadLinkNone, reason: 'no_download_link' };
  const at = iso(svc.now());
  // Completion reads the choice as its own update lands, so a link it makes is either never made
  // or revoked here.
  await svc.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('signing_requests')
      .set({ recipients_download_link: 0, updated_at: at })
      .where('id', '=', requestId)
      .execute();
    await trx
      .updateTable('share_links')
      .set({ revoked_at: at })
      .where('document_id', '=', request.document_id)
      .where('request_id', '=', requestId)
      .where('revoked_at', 'is', null)
      .execute();
  });
  const after = (await svc.ownedRequest(owner.id, requestId))!;
  return {
    kind: 'ok',
    request: await svc.view(after),
    message: after.status === 'completed' ? m.downloadLinkRevoked : m.downloadLinkOff,
  };
}

/** A recipient the owner may mail now: theirs, on an open request, their turn, not finished. */
async function mailable(svc: RequestsService, owner: UserRow, requestId: number, recipientId: number) {
  const request = await svc.ownedRequest(owner.id, requestId);
  if (!request) return { kind: 'missing' as const, message: m.requestNotFound };
  const recipient = await svc.db
    .selectFrom('signing_recipients')
    .selectAll()
    .where('id', '=', recipientId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!recipient) return { kind: 'missing' as const, message: m.recipientNotFound };
  if (request.status !== 'active' || Date.parse(request.expires_at) <= svc.now())
    return { kind: 'conflict' as const, message: m.requestNotActive, reason: 'request_not_active' as const };
  if (recipient.role === 'viewer')
    return {
      kind: 'conflict' as const,
      message: m.recipientIsViewer(recipient.name),
      reason: 'recipient_is_viewer' as const,
    };
  if (recipient.status === 'waiting')
    return {
      kind: 'conflict' as const,
      message: m.recipientNotDue(recipient.name),
      reason: 'recipient_not_due' as const,
    };
  if (recipient.status !== 'sent' && recipient.status !== 'opened')
    return {
      kind: 'conflict' as const,
      message: m.recipientDone(recipient.name),
      reason: 'recipient_finished' as const,
    };
  return { kind: 'ok' as const, request, recipient };
}

/**
 * A new link mailed to the recipient. A resend kills their earlier links (and any identity code
 * their browsers confirmed); a reminder adds one, so the link in the first mail keeps working.
 */
export async function mailLink(
  svc: RequestsService,
  request: SigningRequestRow,
  recipient: SigningRecipientRow,
  how: 'resend' | 'remind',
  actor: Actor,
): Promise<Outgoing | null> {
  const at = iso(svc.now());
  const doc = await svc.db
    .selectFrom('documents as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.name', 'u.name as owner_name', 'u.email'])
    .where('d.id', '=', request.document_id)
    .executeTakeFirstOrThrow();
  try {
    const token = await svc.db.transaction().execute(async (trx) => {
      const still = await trx
        .updateTable('signing_recipients')
        .set(
          how === 'resend'
            ? { sent_at: at }
            : (eb) => ({ last_reminded_at: at, reminders_sent: eb('reminders_sent', '+', 1) }),
        )
        .where('id', '=', recipient.id)
        .where('status', 'in', ['sent', 'opened'])
        .executeTakeFirst();
      if (Number(still.numUpdatedRows) !== 1) throw new Rollback(null);
      const open = await trx
        .selectFrom('signing_requests')
        .select('id')
        .where('id', '=', request.id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!open) throw new Rollback(null);
      if (how === 'resend') {
        await revokeLinks(trx, [recipient.id], at);
        await trx.deleteFrom('signing_codes').where('recipient_id', '=', recipient.id).execute();
      }
      const issued = await issueLink(trx, recipient.id, at);
      await recordEvent(trx, {
        requestId: request.id,
        recipientId: recipient.id,
        kind: how === 'resend' ? 'sent' : 'reminded',
        actor,
        at,
        detail:
          how === 'resend'
            ? `New link mailed to ${recipient.email}; the earlier ones no longer work`
            : `Reminder mailed to ${recipient.email}`,
      });
      return issued;
    });
    const link = `${svc.deps.publicUrl()}${signingPath(token)}`;
    return {
      to: recipient.email,
      link,
      mail: invitationMail({
        sender: doc.owner_name || doc.email,
        documentName: doc.name,
        role: recipient.role === 'approver' ? 'approver' : 'signer',
        message: request.message,
        link,
        expiresAt: request.expires_at,
        reminder: how === 'remind',
      }),
    };
  } catch (err) {
    if (err instanceof Rollback) return null;
    throw err;
  }
}

/** POST /api/requests/{id}/recipients/{rid}/resend and …/remind. */
export async function ownerMail(
  svc: RequestsService,
  owner: UserRow,
  requestId: number,
  recipientId: number,
  how: 'resend' | 'remind',
  actor: Actor,
): Promise<OwnerOutcome> {
  const found = await mailable(svc, owner, requestId, recipientId);
  if (found.kind !== 'ok') return found;
  const out = await mailLink(svc, found.request, found.recipient, how, actor);
  if (!out)
    return { kind: 'conflict', message: m.recipientDone(found.recipient.name), reason: 'recipient_finished' };
  svc.deps.send(out);
  const message = how === 'resend' ? m.resent(found.recipient.name) : m.reminded(found.recipient.name);
  return { kind: 'ok', request: await svc.view((await svc.ownedRequest(owner.id, requestId))!), message };
}

/** Reminders the server sends on its own stay this far from the last mail the recipient got. */
const QUIET_MS = 12 * 60 * 60 * 1000;

/** The job `requests.remind`: the n-th automatic reminder, then the next one is scheduled. */
export async function remindJob(svc: RequestsService, recipientId: number, n: number) {
  const recipient = await svc.db
    .selectFrom('signing_recipients')
    .selectAll()
    .where('id', '=', recipientId)
    .executeTakeFirst();
  if (!recipient || (recipient.status !== 'sent' && recipient.status !== 'opened')) return;
  const request = await svc.db
    .selectFrom('signing_requests')
    .selectAll()
    .where('id', '=', recipient.request_id)
    .executeTakeFirstOrThrow();
  const now = svc.now();
  if (request.status !== 'active' || Date.parse(request.expires_at) <= now || !request.reminder_every_days)
    return;
  const lastMail =
    Math.max(Date.parse(recipient.sent_at ?? ''), Date.parse(recipient.last_reminded_at ?? '')) || 0;
  if (now - lastMail >= QUIET_MS) {
    const out = await mailLink(svc, request, recipient, 'remind', SYSTEM);
    if (!out) return;
    svc.deps.send(out);
  }
  await scheduleReminder(svc, undefined, request, recipient, n + 1, now);
}
