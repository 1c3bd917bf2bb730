import { generateDocumentReference } from '#shared/documents/reference.ts';
import type { SignDocumentInput, SignDocumentResponse } from '#shared/documents/schemas.ts';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { UserRow } from '#server/db/schema.ts';
import { iso } from '#server/lib/clock.ts';
import type { RasterImage } from '../pdf/image.ts';
import { PoolBusyError } from '../pdf/pdf-pool.ts';
import { parseSignatureImage } from '../signatures/images.ts';
import type { DocumentsService } from './documents.service.ts';
import { printedTime } from './views.ts';
import { documentLogEntry } from '../seals/entries.ts';
import { LapsedIssuance } from '../seals/hook.ts';
import { countEvent } from '#server/lib/event-counts.ts';
import { nextTurn } from '#server/lib/next-turn.ts';

export type SignOutcome =
  | { kind: 'ok'; response: SignDocumentResponse }
  | {
      kind:
        | 'missing'
        | 'already-signed'
        | 'awaiting'
        | 'signature-not-yours'
        | 'signature-revoked'
        | 'signature-no-image'
        | 'signature-unreadable'
        | 'busy'
        | 'unreadable';
    }
  | { kind: 'no-page'; page: number; pageCount: number }
  | { kind: 'outside'; page: number; width: number; height: number };

/** Rasterised signatures get about 300 dpi at the largest size they are placed at. */
const DPI_FACTOR = 300 / 72;
const MAX_RASTER = 3000;

/**
 * A saved signature as the colour and alpha planes the PDF gets, rasterised (SVG) or scaled down
 * (large PNG) to about 300 dpi at the widest size it is placed at, in the image pool (decision 017).
 */
async function toRaster(dataUrl: string, widestPlacement: number, userId: number) {
  const target = Math.min(MAX_RASTER, Math.max(200, Math.round(widestPlacement * DPI_FACTOR)));
  const parsed = await parseSignatureImage(dataUrl, { key: `user:${userId}`, rasterWidth: target });
  if (parsed.kind === 'busy') return 'busy';
  return parsed.kind === 'ok' ? parsed.raster! : null;
}

const isUniqueViolation = (err: unknown) =>
  /unique|duplicate key/i.test((err as Error).message ?? '') || (err as { code?: string }).code === '23505';

/** Placed signature without an owner-chosen name: the account's name, never its e-mail. */
function signerName(name: string | null, user: UserRow) {
  return name && name !== 'Unnamed' ? name : (user.name ?? 'Unnamed signer');
}

export async function signDocument(
  svc: DocumentsService,
  user: UserRow,
  id: number,
  input: SignDocumentInput,
): Promise<SignOutcome> {
  const doc = await svc.row(user.id, id);
  if (!doc) return { kind: 'missing' };
  if (doc.signed_at) return { kind: 'already-signed' };
  if (doc.status === 'awaiting') return { kind: 'awaiting' };

  const ids = [...new Set(input.signatures.map((s) => s.signatureId))];
  const images: RasterImage[] = [];
  const chosen = new Map<number, { index: number; name: string; reference: string }>();
  for (const signatureId of ids) {
    const sig = await svc.signatures.get(user.id, signatureId);
    if (!sig) return { kind: 'signature-not-yours' };
    if (sig.revoked_at) return { kind: 'signature-revoked' };
    if (!sig.image_data) return { kind: 'signature-no-image' };
    const widest = Math.max(
      ...input.signatures.filter((s) => s.signatureId === signatureId).map((s) => s.position.width),
    );
    const raster = await toRaster(sig.image_data, widest, user.id);
    if (raster === 'busy') return { kind: 'busy' };
    if (!raster) return { kind: 'signature-unreadable' };
    chosen.set(signatureId, {
      index: images.length,
      name: signerName(sig.signer_name, user),
      reference: sig.reference_number,
    });
    images.push(raster);
  }

  let original = await svc.files.get(doc.id, 'original');
  if (!original) throw new Error(`document ${doc.id} has no original file`);
  const identity = await svc.identity.load();
  const now = svc.clock.now();
  const signedAt = iso(now);

  for (let attempt = 0; attempt < 5; attempt++) {
    const reference = generateDocumentReference(new Date(now));
    const names = ids.map((sid) => chosen.get(sid)!.name);
    // The QR on the page carries the seal, which names its log index: reserved before stamping,
    // the index becomes a leaf only with the document's signed state (decision 041).
    const issued = await svc.transparency.issue(
      documentLogEntry('document.signed', { ...doc, reference, signed_at: signedAt }, names),
      svc.verifyUrl(reference),
      { signerNames: names, signedAt: now },
    );
    const verifyUrl = issued.link;
    let landed = false;
    try {
      const pagesBySigner = new Map<number, number[]>();
      for (const s of input.signatures) {
        const pages = pagesBySigner.get(s.signatureId) ?? [];
        if (!pages.includes(s.position.page)) pages.push(s.position.page);
        pagesBySigner.set(s.signatureId, pages);
      }
      await nextTurn(); // the log's entry and the file's hand-over in separate pieces (lib/next-turn.ts)
      // The job takes the file over (moved to the worker, not copied); a retry reads it again.
      const pdf = original ?? (await svc.files.get(doc.id, 'original'));
      original = null;
      if (!pdf) throw new Error(`document ${doc.id} has no original file`);
      let result;
      try {
        result = await svc.pdf.run(
          'sign',
          {
            pdf,
            originalSha256: doc.sha256,
            images,
            placements: input.signatures.map((s) => ({
              page: s.position.page,
              rect: { x: s.position.x, y: s.position.y, width: s.position.width, height: s.position.height },
              image: chosen.get(s.signatureId)!.index,
            })),
            stamp: { reference, verifyUrl, signedAt: printedTime(signedAt) },
            certificate: {
              documentName: doc.name,
              reference,
              verifyUrl,
              checkUrl: `${svc.publicUrl()}/verify-signature`,
              signedAt: printedTime(signedAt),
              signers: ids.map((sid) => ({
                name: chosen.get(sid)!.name,
                signatureReference: chosen.get(sid)!.reference,
                pages: pagesBySigner.get(sid)!.sort((a, b) => a - b),
              })),
              certificateSubject: identity.subject,
            },
            identity: { key: identity.key, certificates: identity.certificates },
            signingTime: now,
            reason: `Signed with Inkproof, reference ${reference}`,
            location: new URL(svc.publicUrl()).host,
          },
          { handOver: [pdf] },
        );
      } catch (err) {
        if (err instanceof PoolBusyError) return { kind: 'busy' };
        throw err;
      }
      switch (result.kind) {
        case 'ok':
          break;
        case 'no-page':
          return {
            kind: 'no-page',
            page: input.signatures[result.index]!.position.page,
            pageCount: result.pageCount,
          };
        case 'outside':
          return {
            kind: 'outside',
            page: input.signatures[result.index]!.position.page,
            width: Math.round(result.width * 100) / 100,
            height: Math.round(result.height * 100) / 100,
          };
        default:
          return { kind: 'unreadable' };
      }

      const signedBytes = Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
      // Written in parts ahead of the transaction, which then only names them (decision 035).
      const staged = await svc.files.stage(signedBytes, result.signedSha256);
      try {
        const stored = await svc.db.transaction().execute(async (trx) => {
          // Two signing requests may race; only the first to mark the document keeps its file.
          const updated = await trx
            .updateTable('documents')
            .set({
              status: 'signed',
              reference,
              signed_sha256: result.signedSha256,
              signed_size: signedBytes.length,
              signed_page_count: result.pageCount,
              signed_at: signedAt,
              updated_at: signedAt,
              // What the signed revision dropped; also fills in files uploaded before the check.
              active_content: result.removed.join(','),
              sealed_link: verifyUrl.includes('#') ? verifyUrl : null,
            })
            .where('id', '=', doc.id)
            .where('signed_at', 'is', null)
            // A signing request sent meanwhile holds the document.
            .where('status', '=', 'pending')
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) return false;
          await countEvent(trx, 'document-signed', signedAt);
          await svc.files.keep(trx, staged, doc.id, 'signed');
          await trx
            .insertInto('document_signatures')
            .values(
              input.signatures.map((s) => ({
                document_id: doc.id,
                user_id: user.id,
                signature_id: s.signatureId,
                signature_reference: chosen.get(s.signatureId)!.reference,
                signer_name: chosen.get(s.signatureId)!.name,
                page: s.position.page,
                x: s.position.x,
                y: s.position.y,
                width: s.position.width,
                height: s.position.height,
                signed_at: signedAt,
              })),
            )
            .execute();
          await svc.transparency.claim(trx, issued);
          return true;
        });
        if (!stored) {
          await svc.files.discard(staged);
          return { kind: 'already-signed' };
        }
      } catch (err) {
        await svc.files.discard(staged);
        // The reference was taken, or the log index lapsed: draw another.
        if ((isUniqueViolation(err) || err instanceof LapsedIssuance) && attempt < 4) continue;
        throw err;
      }
      landed = true;
      await svc.events.emit(user.id, 'document.signed', { documentId: doc.id, name: doc.name, reference });
      await svc.transparency.appendDue();
      await nextTurn(); // the commit and the answer in separate pieces
      const detail = await svc.get(user.id, doc.id);
      return {
        kind: 'ok',
        response: {
          message: m.signedOk,
          document: detail!,
          stamps: result.stamps.map((r, i) => ({ ...r, page: input.signatures[i]!.position.page })),
        },
      };
    } finally {
      if (!landed) await svc.transparency.release(issued);
    }
  }
  throw new Error('could not find a free document reference');
}
