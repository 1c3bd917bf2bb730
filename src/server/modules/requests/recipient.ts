import crypto from 'node:crypto';
import { requestMessages as m } from '#shared/requests/messages.ts';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  SIGNING_TOKEN_PATTERN,
  type SigningAnswer,
} from '#shared/requests/schemas.ts';
import type { SigningRecipientRow, SigningRequestRow } from '#server/db/schema.ts';
import { iso } from '#server/lib/clock.ts';
import { safeEqual, sha256 } from '#server/lib/crypto.ts';
import type { SessionState } from '#server/modules/sessions/session-store.ts';
import { activeContentOf } from '../documents/views.ts';
import { recordEvent, type Actor } from './audit.ts';
import { codeMail, declinedMail } from './mails.ts';
import { Rollback, type RequestsService } from './requests.service.ts';
import { maskEmail } from './tokens.ts';
import { acts, toRecipientField, waitingFor } from './views.ts';

/** A live link: its recipient may still act on an open, unexpired request. */
export interface Live {
  linkId: number;
  recipient: SigningRecipientRow;
  request: SigningRequestRow;
  document: {
    id: number;
    name: string;
    page_count: number;
    sha256: string;
    size: number;
    active_content: string | null;
  };
  owner: { name: string | null; email: string };
}

/**
 * The link's recipient, or null for any link that is not live: unknown, revoked (replaced), used,
 * expired, cancelled, declined all read the same, so the answer tells nothing about which.
 */
export async function resolveLive(svc: RequestsService, token: string): Promise<Live | null> {
  if (!SIGNING_TOKEN_PATTERN.test(token)) return null;
  const now = iso(svc.now());
  const found = await svc.db
    .selectFrom('signing_links as l')
    .innerJoin('signing_recipients as r', 'r.id', 'l.recipient_id')
    .innerJoin('signing_requests as q', 'q.id', 'r.request_id')
    .select(['l.id as link_id', 'r.id as recipient_id', 'q.id as request_id'])
    .where('l.token_hash', '=', sha256(token))
    .where('l.revoked_at', 'is', null)
    .where('q.status', '=', 'active')
    .where('q.expires_at', '>', now)
    .where('r.status', 'in', ['sent', 'opened'])
    .executeTakeFirst();
  if (!found) return null;
  const [recipient, request] = await Promise.all([
    svc.db
      .selectFrom('signing_recipients')
      .selectAll()
      .where('id', '=', found.recipient_id)
      .executeTakeFirstOrThrow(),
    svc.db
      .selectFrom('signing_requests')
      .selectAll()
      .where('id', '=', found.request_id)
      .executeTakeFirstOrThrow(),
  ]);
  const document = await svc.db
    .selectFrom('documents as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.name',
      'd.page_count',
      'd.sha256',
      'd.size',
      'd.active_content',
      'u.name as owner_name',
      'u.email',
    ])
    .where('d.id', '=', request.document_id)
    .executeTakeFirstOrThrow();
  const { owner_name, email, ...doc } = document;
  return { linkId: found.link_id, recipient, request, document: doc, owner: { name: owner_name, email } };
}

export const recipientActor = (live: Live, meta: Omit<Actor, 'name'>): Actor => ({
  name: `${live.recipient.name} <${live.recipient.email}>`,
  ...meta,
});

async function recipientsOf(svc: RequestsService, requestId: number) {
  return svc.db
    .selectFrom('signing_recipients')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('position')
    .execute();
}

export async function turnOf(svc: RequestsService, live: Live) {
  const all = await recipientsOf(svc, live.request.id);
  return waitingFor(live.request.signing_order, all, live.recipient);
}

/** Whether this browser session has confirmed an identity code of the recipient. */
export async function codeVerified(svc: RequestsService, recipientId: number, session: SessionState | null) {
  if (!session) return false;
  const row = await svc.db
    .selectFrom('signing_codes')
    .select('id')
    .where('recipient_id', '=', recipientId)
    .where('session_id', '=', session.id)
    .where('verified_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** What stands between the recipient and the document: their turn, then the identity code. */
export type Gate = { kind: 'ok' } | { kind: 'not-your-turn'; names: string[] } | { kind: 'code-required' };

export async function gate(svc: RequestsService, live: Live, session: SessionState | null): Promise<Gate> {
  const before = await turnOf(svc, live);
  if (before.length > 0) return { kind: 'not-your-turn', names: before.map((r) => r.name) };
  if (live.request.require_code === 1 && !(await codeVerified(svc, live.recipient.id, session)))
    return { kind: 'code-required' };
  return { kind: 'ok' };
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * GET /api/sign/{token}. The first look by a recipient whose turn it is counts as opened. Before a
 * required code is confirmed, the locked view only (not even whose turn it is).
 */
export async function signingView(
  svc: RequestsService,
  live: Live,
  token: string,
  session: SessionState | null,
  actor: Actor,
): Promise<SigningAnswer> {
  const before = await turnOf(svc, live);
  const yours = before.length === 0;
  const required = live.request.require_code === 1;
  const verified = required && (await codeVerified(svc, live.recipient.id, session));
  let status = live.recipient.status;
  if (yours && status === 'sent') {
    const at = iso(svc.now());
    const opened = await svc.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('signing_recipients')
        .set({ status: 'opened', opened_at: at })
        .where('id', '=', live.recipient.id)
        .where('status', '=', 'sent')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await recordEvent(trx, {
        requestId: live.request.id,
        recipientId: live.recipient.id,
        kind: 'opened',
        actor,
        at,
      });
      return true;
    });
    if (opened) {
      status = 'opened';
      await svc.deps.events.emit(live.request.user_id, 'recipient.viewed', recipientData(live));
    }
  }
  if (required && !verified) {
    return {
      locked: true,
      next: m.codeRequired,
      sender: { name: live.owner.name || maskEmail(live.owner.email) },
      recipient: { maskedEmail: maskEmail(live.recipient.email) },
    };
  }
  // The code is confirmed or none is needed: ready once it is their turn.
  const ready = yours;
  const fields = ready
    ? await svc.db
        .selectFrom('signing_fields')
        .selectAll()
        .where('recipient_id', '=', live.recipient.id)
        .orderBy('position')
        .execute()
    : [];
  const r = live.recipient;
  return {
    locked: false,
    document: { name: live.document.name, pageCount: live.document.page_count },
    sender: { name: live.owner.name || live.owner.email, email: live.owner.email },
    recipient: { id: r.id, name: r.name, email: r.email, role: r.role, status },
    order: live.request.signing_order,
    expiresAt: live.request.expires_at,
    code: { required, verified },
    turn: { yours, waitingFor: before.map((b) => ({ name: b.name, role: b.role })) },
    ready,
    message: ready ? live.request.message : null,
    fields: fields.map(toRecipientField),
    fileUrl: ready ? `/api/sign/${token}/file` : null,
    savedSignaturesAllowed: !!session?.user && sameAddress(session.user.email, r.email),
  };
}

const codeHash = (recipientId: number, code: string) => sha256(`signing-code:${recipientId}:${code}`);

/** POST /api/sign/{token}/code: a new 6-digit code; earlier unconfirmed ones stop working. */
export async function sendCode(svc: RequestsService, live: Live, actor: Actor) {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const now = svc.now();
  const at = iso(now);
  const expiresAt = iso(now + CODE_TTL_MS);
  await svc.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('signing_codes')
      .where('recipient_id', '=', live.recipient.id)
      .where('verified_at', 'is', null)
      .execute();
    await trx
      .insertInto('signing_codes')
      .values({
        recipient_id: live.recipient.id,
        code_hash: codeHash(live.recipient.id, code),
        created_at: at,
        expires_at: expiresAt,
      })
      .execute();
    await recordEvent(trx, {
      requestId: live.request.id,
      recipientId: live.recipient.id,
      kind: 'code-sent',
      actor,
      at,
      detail: `Code mailed to ${live.recipient.email}`,
    });
  });
  // No link: the code must not reach the log when mail waits in the outbox.
  svc.deps.send({ to: live.recipient.email, mail: codeMail(code, live.document.name), link: '' });
  // Anyone holding the link may ask: the answer names the address only masked.
  return { message: m.codeSent(maskEmail(live.recipient.email)), expiresAt };
}

export type VerifyOutcome = { kind: 'ok' } | { kind: 'wrong'; attemptsLeft: number } | { kind: 'expired' };

/** POST /api/sign/{token}/verify-code. The try is counted before the comparison, so parallel guesses count too. */
export async function verifyCode(
  svc: RequestsService,
  live: Live,
  code: string,
  session: SessionState,
  actor: Actor,
): Promise<VerifyOutcome> {
  const now = iso(svc.now());
  const row = await svc.db
    .selectFrom('signing_codes')
    .selectAll()
    .where('recipient_id', '=', live.recipient.id)
    .where('verified_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.expires_at <= now) return { kind: 'expired' };
  const counted = await svc.db
    .updateTable('signing_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .where('verified_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) return { kind: 'expired' };
  if (!safeEqual(codeHash(live.recipient.id, code), row.code_hash)) {
    const attemptsLeft = CODE_MAX_ATTEMPTS - counted.attempts;
    return attemptsLeft > 0 ? { kind: 'wrong', attemptsLeft } : { kind: 'expired' };
  }
  await svc.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('signing_codes')
      .set({ verified_at: now, session_id: session.id })
      .where('id', '=', row.id)
      .execute();
    await trx
      .updateTable('signing_recipients')
      .set({ code_verified_at: now })
      .where('id', '=', live.recipient.id)
      .where('code_verified_at', 'is', null)
      .execute();
    await recordEvent(trx, {
      requestId: live.request.id,
      recipientId: live.recipient.id,
      kind: 'code-verified',
      actor,
      at: now,
    });
  });
  return { kind: 'ok' };
}

/** GET /api/sign/{token}/file: the latest revision, so each signer sees who signed before them. */
export async function recipientFile(svc: RequestsService, live: Live) {
  const latest = live.request.revision > 0;
  const file = await svc.deps.files.revision(live.document.id);
  if (file.length === 0) return null;
  return {
    bytes: file.length === 1 ? file[0]! : Buffer.concat(file),
    name: live.document.name,
    // The first revision drops active content; until then the original holds it.
    active: !latest && activeContentOf(live.document).length > 0,
  };
}

/** POST /api/sign/{token}/decline: the request stops and its owner is told why. */
export async function decline(svc: RequestsService, live: Live, reason: string, actor: Actor) {
  if (!acts(live.recipient)) return false;
  const at = iso(svc.now());
  try {
    await svc.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('signing_recipients')
        .set({ status: 'declined', declined_at: at, decline_reason: reason })
        .where('id', '=', live.recipient.id)
        .where('status', 'in', ['sent', 'opened'])
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) throw new Rollback(false);
      if (!(await svc.end(trx, live.request, 'declined', at))) throw new Rollback(false);
      await recordEvent(trx, {
        requestId: live.request.id,
        recipientId: live.recipient.id,
        kind: 'declined',
        actor,
        at,
        detail: reason,
      });
    });
  } catch (err) {
    if (err instanceof Rollback) return false;
    throw err;
  }
  await svc.deps.events.emit(live.request.user_id, 'request.declined', { ...recipientData(live), reason });
  const link = svc.documentLink(live.document.id);
  svc.deps.send({
    to: live.owner.email,
    link,
    mail: declinedMail({
      recipient: `${live.recipient.name} (${live.recipient.email})`,
      documentName: live.document.name,
      reason,
      link,
    }),
  });
  return true;
}

/** What the owner's recipient events say: the request, its document and who acted. */
export const recipientData = (live: Live) => ({
  requestId: live.request.id,
  documentId: live.document.id,
  documentName: live.document.name,
  recipient: {
    id: live.recipient.id,
    name: live.recipient.name,
    email: live.recipient.email,
    role: live.recipient.role,
  },
});
