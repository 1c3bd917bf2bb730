import { documentVerificationUrl, generateDocumentReference } from '#shared/documents/reference.ts';
import { SHARE_LINK_TTL_DAYS } from '#shared/documents/schemas.ts';
import type { AuditEventKind } from '#shared/requests/schemas.ts';
import { iso } from '#server/lib/clock.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';
import { PoolBusyError } from '../pdf/pdf-pool.ts';
import { documentLogEntry } from '../seals/entries.ts';
import { LapsedIssuance } from '../seals/hook.ts';
import { SYSTEM, recordEvent } from './audit.ts';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_SUPPORTED, completedMail } from './mails.ts';
import type { AuditLine } from './pdf-contract.ts';
import { DAY_MS, Rollback, type Outgoing, type RequestsService } from './requests.service.ts';
import { countEvent } from '#server/lib/event-counts.ts';

const isUniqueViolation = (err: unknown) =>
  /unique|duplicate key/i.test((err as Error).message ?? '') || (err as { code?: string }).code === '23505';

export type CompletionOutcome = 'completed' | 'not-ready' | 'busy';

/**
 * Once every signer and approver has finished: the audit-trail page and one seal over the whole
 * file (the PDF side), then in one transaction the document becomes `completed` with the sealed
 * file as its signed version, and everyone is mailed. Safe to run twice or concurrently: it lands
 * only on the revision it started from, while the request is open.
 */
export async function completeIfDone(svc: RequestsService, requestId: number): Promise<CompletionOutcome> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const request = await svc.db
      .selectFrom('signing_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirst();
    if (!request || request.status !== 'active') return 'not-ready';
    const [recipients, events, revisions, doc] = await Promise.all([
      svc.db
        .selectFrom('signing_recipients')
        .selectAll()
        .where('request_id', '=', requestId)
        .orderBy('position')
        .execute(),
      svc.db
        .selectFrom('signing_events')
        .selectAll()
        .where('request_id', '=', requestId)
        .orderBy('id')
        .execute(),
      svc.db
        .selectFrom('signing_revisions')
        .selectAll()
        .where('request_id', '=', requestId)
        .orderBy('number')
        .execute(),
      svc.db
        .selectFrom('documents as d')
        .innerJoin('users as u', 'u.id', 'd.user_id')
        .select(['d.id', 'd.name', 'd.sha256', 'd.size', 'u.email as owner_email', 'u.name as owner_name'])
        .where('d.id', '=', request.document_id)
        .executeTakeFirstOrThrow(),
    ]);
    if (recipients.some((r) => r.role !== 'viewer' && r.status !== 'signed')) return 'not-ready';
    const file = await svc.deps.files.revision(doc.id);
    // The worker checks the joined parts against every revision's stated hash before sealing.
    if (file.length === 0) throw new Error(`request ${requestId} has no revision to seal`);

    const now = svc.now();
    const at = iso(now);
    const reference = generateDocumentReference(new Date(now));
    const verifyUrl = documentVerificationUrl(svc.deps.publicUrl(), reference);
    const names = recipients.filter((r) => r.role !== 'viewer').map((r) => r.name);
    // The QR codes of the audit and certificate pages carry the seal; mails keep the bare link.
    // The seal names the log index: reserved now, a leaf only with the completed document (decision 041).
    const issued = await svc.transparency.issue(
      documentLogEntry('request.completed', { sha256: doc.sha256, reference, signed_at: at }, names),
      verifyUrl,
      { signerNames: names, signedAt: now },
    );
    const sealedUrl = issued.link;
    let landed = false;
    try {
      const lines: AuditLine[] = events.map((e) => ({
        at: e.created_at,
        kind: e.kind as AuditEventKind,
        actor: e.actor,
        ip: e.ip,
        userAgent: e.user_agent,
        ...(e.detail ? { detail: e.detail } : {}),
      }));
      const detail = `Document ${reference}`;
      lines.push({ at, kind: 'completed', actor: SYSTEM.name, ip: null, userAgent: null, detail });
      const identity = await svc.deps.identity.load();
      let sealed;
      try {
        sealed = await svc.deps.pdf().completeRequest({
          file,
          documentName: doc.name,
          requestId: String(requestId),
          reference,
          verifyUrl: sealedUrl,
          checkUrl: `${svc.deps.publicUrl()}/verify-signature`,
          events: lines,
          original: { sha256: doc.sha256, length: doc.size },
          revisions: revisions.map((r) => ({ sha256: r.sha256, length: r.size, label: r.label })),
          certificateSubject: identity.subject,
          identity: { key: identity.key, certificates: identity.certificates },
          signingTime: now,
          reason: `Signed with Inkproof through a signing request, reference ${reference}`,
          location: new URL(svc.deps.publicUrl()).host,
        });
      } catch (err) {
        if (err instanceof PoolBusyError) return 'busy';
        throw err;
      }
      if (sealed.kind !== 'ok') throw new Error(`request ${requestId} could not be sealed: ${sealed.kind}`);
      const bytes = Buffer.from(sealed.bytes.buffer, sealed.bytes.byteOffset, sealed.bytes.byteLength);
      // Written in parts ahead of the transaction, which then only names them (decision 035).
      const staged = await svc.deps.files.stage(bytes, sealed.sha256);

      const shareExpires = iso(now + SHARE_LINK_TTL_DAYS * DAY_MS);
      const sender = doc.owner_name || doc.owner_email;
      const fields = await svc.db
        .selectFrom('signing_fields')
        .selectAll()
        .where('request_id', '=', requestId)
        .where('type', '=', 'signature')
        .orderBy('position')
        .execute();
      const signatures = await svc.db
        .selectFrom('signatures')
        .select(['id', 'reference_number'])
        .where('request_id', '=', requestId)
        .execute();
      let out: Outgoing[];
      try {
        out = await svc.db.transaction().execute(async (trx) => {
          const moved = await trx
            .updateTable('signing_requests')
            .set({ status: 'completed', revision: request.revision + 1, ended_at: at, updated_at: at })
            .where('id', '=', requestId)
            .where('revision', '=', request.revision)
            .where('status', '=', 'active')
            // Read as the row lands: the owner may have turned the recipients' link off meanwhile.
            .returning('recipients_download_link')
            .executeTakeFirst();
          if (!moved) throw new Rollback('gone' as const);
          const linkUntil = moved.recipients_download_link === 1 ? shareExpires : null;
          await trx
            .updateTable('documents')
            .set({
              status: 'completed',
              reference,
              signed_sha256: sealed.sha256,
              signed_size: bytes.length,
              signed_page_count: sealed.pageCount,
              signed_at: at,
              updated_at: at,
              sealed_link: sealedUrl.includes('#') ? sealedUrl : null,
            })
            .where('id', '=', doc.id)
            .where('status', '=', 'awaiting')
            .execute();
          await svc.transparency.claim(trx, issued);
          await countEvent(trx, 'document-signed', at);
          await svc.deps.files.removeRevisions(trx, doc.id);
          await svc.deps.files.keep(trx, staged, doc.id, 'signed');
          // The placements, as owner signing records them: the document's detail, share page and
          // "Check a document" list the signers from here.
          const byRecipient = new Map(recipients.map((r) => [r.id, r]));
          const refById = new Map(signatures.map((s) => [s.id, s.reference_number]));
          const placed = fields.flatMap((f) => {
            const r = byRecipient.get(f.recipient_id);
            if (!r?.signature_id || !refById.has(r.signature_id)) return [];
            return [
              {
                document_id: doc.id,
                user_id: null,
                signature_id: r.signature_id,
                signature_reference: refById.get(r.signature_id)!,
                signer_name: r.name,
                page: f.page,
                x: f.x,
                y: f.y,
                width: f.width,
                height: f.height,
                signed_at: r.signed_at ?? at,
              },
            ];
          });
          if (placed.length) await trx.insertInto('document_signatures').values(placed).execute();
          await trx
            .updateTable('signing_recipients')
            .set({ status: 'sent', sent_at: at })
            .where('request_id', '=', requestId)
            .where('role', '=', 'viewer')
            .execute();
          await recordEvent(trx, { requestId, kind: 'completed', actor: SYSTEM, at, detail });
          const attach = ATTACHMENTS_SUPPORTED && bytes.length <= ATTACHMENT_MAX_BYTES;
          const attachments = attach
            ? [
                {
                  filename: `${doc.name.replace(/\.pdf$/i, '')} (signed).pdf`,
                  contentType: 'application/pdf' as const,
                  file: { documentId: doc.id, kind: 'signed' as const },
                },
              ]
            : undefined;
          const ownerLink = svc.documentLink(doc.id);
          const mails: Outgoing[] = [
            {
              to: doc.owner_email,
              link: ownerLink,
              mail: {
                ...completedMail({
                  documentName: doc.name,
                  link: ownerLink,
                  verifyUrl,
                  attached: attach,
                  forOwner: true,
                  sender,
                  linkUntil,
                }),
                ...(attachments ? { attachments } : {}),
              },
            },
          ];
          for (const r of recipients) {
            if (r.email === doc.owner_email) continue;
            // Unless the owner chose none, each recipient gets a download link of their own: a share
            // link of this request, which the owner may turn off.
            const token = linkUntil ? randomToken(32) : null;
            if (token)
              await trx
                .insertInto('share_links')
                .values({
                  document_id: doc.id,
                  token_hash: sha256(token),
                  created_at: at,
                  expires_at: shareExpires,
                  request_id: requestId,
                })
                .execute();
            const link = token ? `${svc.deps.publicUrl()}/shared/${token}` : '';
            mails.push({
              to: r.email,
              link,
              mail: {
                ...completedMail({
                  documentName: doc.name,
                  link,
                  verifyUrl,
                  attached: attach,
                  forOwner: false,
                  sender,
                  linkUntil,
                }),
                ...(attachments ? { attachments } : {}),
              },
            });
          }
          return mails;
        });
      } catch (err) {
        await svc.deps.files.discard(staged);
        if (err instanceof Rollback) return 'not-ready';
        // The document reference was taken, or the log index lapsed: draw another.
        if (isUniqueViolation(err) || err instanceof LapsedIssuance) continue;
        throw err;
      }
      landed = true;
      await svc.deps.events.emit(request.user_id, 'request.completed', {
        requestId,
        documentId: doc.id,
        documentName: doc.name,
        reference,
      });
      await svc.transparency.appendDue();
      svc.sendAll(out);
      return 'completed';
    } finally {
      if (!landed) await svc.transparency.release(issued);
    }
  }
  throw new Error(`request ${requestId}: could not find a free document reference`);
}
