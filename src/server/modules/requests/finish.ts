import { requestMessages as m, fieldTypeLabels } from '#shared/requests/messages.ts';
import type { FieldValue } from '#shared/requests/schemas.ts';
import { unguessableReference, verificationUrl } from '#shared/signatures/reference.ts';
import type { SigningFieldRow } from '#server/db/schema.ts';
import { iso } from '#server/lib/clock.ts';
import { randomToken } from '#server/lib/crypto.ts';
import { nextTurn } from '#server/lib/next-turn.ts';
import type { SessionState } from '#server/modules/sessions/session-store.ts';
import { printedTime } from '../documents/views.ts';
import type { RasterImage } from '../pdf/image.ts';
import { JobAbortedError, PoolBusyError } from '../pdf/pdf-pool.ts';
import { signatureLogEntry } from '../seals/entries.ts';
import { LapsedIssuance } from '../seals/hook.ts';
import { parseSignatureImage } from '../signatures/images.ts';
import { recordEvent, type Actor } from './audit.ts';
import { completeIfDone } from './completion.ts';
import { sendDue } from './compose.ts';
import type { StampField } from './pdf-contract.ts';

import { recipientData, type Live } from './recipient.ts';
import { Rollback, type Outgoing, type RequestsService } from './requests.service.ts';
import { maskEmail, revokeLinks } from './tokens.ts';
import { acts } from './views.ts';
import { countEvent } from '#server/lib/event-counts.ts';

/** When the completion job retries a completion the finish itself could not do. */
export const COMPLETION_RETRY_MS = 30_000;

export type FinishOutcome =
  | { kind: 'ok'; lastOne: boolean }
  | { kind: 'invalid'; message: string; fieldId?: number }
  | { kind: 'not-live' }
  | { kind: 'busy'; retryAfter: number };

/** Signature pictures get about 300 dpi at the largest size they are placed at (as owner signing). */
const DPI_FACTOR = 300 / 72;
const MAX_RASTER = 3000;
/** Each retry follows another recipient's revision landing first: more than the recipients can cause. */
const MAX_ATTEMPTS = 25;

const label = (type: SigningFieldRow['type']) => fieldTypeLabels[type].toLowerCase();

/** The values against the recipient's fields: each known, of the right kind, every required one there. */
function match(fields: SigningFieldRow[], values: FieldValue[]) {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const given = new Map<number, FieldValue>();
  for (const v of values) {
    const f = byId.get(v.fieldId);
    if (!f || given.has(v.fieldId))
      return { kind: 'invalid' as const, message: m.fieldUnknown, fieldId: v.fieldId };
    if (f.type === 'name' || f.type === 'date')
      return { kind: 'invalid' as const, message: m.fieldFilledByServer(label(f.type)), fieldId: f.id };
    const fits =
      f.type === 'signature' || f.type === 'initials'
        ? v.kind === 'image' || v.kind === 'saved'
        : f.type === 'text'
          ? v.kind === 'text'
          : v.kind === 'checkbox';
    if (!fits) return { kind: 'invalid' as const, message: m.fieldValueWrong(label(f.type)), fieldId: f.id };
    if (f.prefill !== null && f.prefill_locked === 1 && v.kind === 'text' && v.text !== f.prefill)
      return { kind: 'invalid' as const, message: m.fieldPrefillLocked, fieldId: f.id };
    given.set(f.id, v);
  }
  // A value the sender gave stands where the recipient sent none (always, when it is locked).
  for (const f of fields)
    if (f.type === 'text' && f.prefill !== null && !given.has(f.id))
      given.set(f.id, { fieldId: f.id, kind: 'text', text: f.prefill });
  for (const f of fields) {
    if (f.required !== 1 || f.type === 'name' || f.type === 'date') continue;
    const v = given.get(f.id);
    const filled = v && (v.kind === 'text' ? v.text !== '' : v.kind === 'checkbox' ? v.checked : true);
    if (!filled) return { kind: 'invalid' as const, message: m.fieldRequired, fieldId: f.id };
  }
  return { kind: 'ok' as const, given };
}

interface Picture {
  raster: RasterImage;
  /** The cleaned image and its public copy: the first signature's become the signature record's. */
  dataUrl: string;
  copy: Buffer;
}

/** Each distinct picture once, in the image pool (decision 017), at the size its widest field needs. */
async function pictures(
  svc: RequestsService,
  live: Live,
  fields: SigningFieldRow[],
  given: Map<number, FieldValue>,
  session: SessionState | null,
  ip: string,
) {
  const sources = new Map<string, number>();
  const fieldSource = new Map<number, string>();
  for (const f of fields) {
    const v = given.get(f.id);
    if (!v || (v.kind !== 'image' && v.kind !== 'saved')) continue;
    let dataUrl: string;
    if (v.kind === 'saved') {
      const user = session?.user;
      if (!user || user.email.toLowerCase() !== live.recipient.email)
        return { kind: 'invalid' as const, message: m.savedNotAllowed, fieldId: f.id };
      const saved = await svc.deps.signatures.get(user.id, v.signatureId);
      if (!saved || saved.revoked_at || !saved.image_data)
        return { kind: 'invalid' as const, message: m.savedNotFound, fieldId: f.id };
      dataUrl = saved.image_data;
    } else dataUrl = v.image;
    fieldSource.set(f.id, dataUrl);
    sources.set(dataUrl, Math.max(sources.get(dataUrl) ?? 0, f.width));
  }
  const made = new Map<string, Picture>();
  for (const [dataUrl, widest] of sources) {
    const rasterWidth = Math.min(MAX_RASTER, Math.max(200, Math.round(widest * DPI_FACTOR)));
    const parsed = await parseSignatureImage(dataUrl, { key: `sign:${ip}`, copy: true, rasterWidth });
    if (parsed.kind === 'busy') return { kind: 'busy' as const, retryAfter: parsed.retryAfter };
    if (parsed.kind !== 'ok') {
      const fieldId = [...fieldSource].find(([, s]) => s === dataUrl)![0];
      const message =
        parsed.kind === 'invalid'
          ? m.imageUnsupported
          : parsed.kind === 'too-large'
            ? m.imageTooLarge
            : m.imageUnreadable;
      return { kind: 'invalid' as const, message, fieldId };
    }
    made.set(dataUrl, { raster: parsed.raster!, dataUrl: parsed.dataUrl, copy: parsed.copy! });
  }
  return { kind: 'ok' as const, fieldSource, made };
}

/**
 * POST /api/sign/{token}/complete. The PDF work runs on the latest revision outside any
 * transaction; the new revision, the recipient's "signed", their signature record and the audit
 * event then commit together, and only on the revision the work started from (compare-and-set on
 * signing_requests.revision). A recipient whose revision lost the race starts again on the
 * winner's file, so parallel finishes all land; a server dying mid-way commits nothing.
 */
export async function finish(
  svc: RequestsService,
  live: Live,
  values: FieldValue[],
  session: SessionState | null,
  actor: Actor,
): Promise<FinishOutcome> {
  if (!acts(live.recipient)) return { kind: 'not-live' };
  const fields = await svc.db
    .selectFrom('signing_fields')
    .selectAll()
    .where('recipient_id', '=', live.recipient.id)
    .orderBy('position')
    .execute();
  const matched = match(fields, values);
  if (matched.kind !== 'ok') return matched;
  const pics = await pictures(svc, live, fields, matched.given, session, actor.ip ?? 'unknown');
  if (pics.kind !== 'ok') return pics;

  const now = svc.now();
  const signedAt = iso(now);
  const r = live.recipient;
  const images: RasterImage[] = [];
  const imageIndex = new Map<string, number>();
  const indexOf = (dataUrl: string) => {
    let i = imageIndex.get(dataUrl);
    if (i === undefined) {
      i = images.push(pics.made.get(dataUrl)!.raster) - 1;
      imageIndex.set(dataUrl, i);
    }
    return i;
  };
  const signatureFields = fields.filter((f) => f.type === 'signature' && pics.fieldSource.has(f.id));
  const record = signatureFields.length
    ? {
        reference: unguessableReference(new Date(now)),
        picture: pics.made.get(pics.fieldSource.get(signatureFields[0]!.id)!)!,
      }
    : null;
  const additionalData = `Signed "${live.document.name}" through a signing request as ${maskEmail(r.email)}`;
  // Name and time in the link, as the creator's: the seal in its fragment signs them (decision 029).
  // The QR carries the log index: reserved before stamping, a leaf only with the signature's row.
  const issued = record
    ? await svc.transparency.issue(
        signatureLogEntry('signature.issued', {
          reference_number: record.reference,
          signer_name: r.name,
          created_at: signedAt,
          additional_data: additionalData,
          revoked_at: null,
          expires_at: null,
        }),
        verificationUrl(svc.deps.publicUrl(), {
          id: now,
          ref: record.reference,
          name: r.name,
          timestamp: signedAt,
        }),
      )
    : null;
  const verification = record && issued ? { reference: record.reference, verifyUrl: issued.link } : null;
  const stored = new Map<number, string>();
  const stampFields: StampField[] = [];
  const stampFieldIds: number[] = [];
  for (const f of fields) {
    const rect = { x: f.x, y: f.y, width: f.width, height: f.height };
    const v = matched.given.get(f.id);
    const base = { page: f.page, rect };
    if (f.type === 'name' || f.type === 'date' || v) stampFieldIds.push(f.id);
    if (f.type === 'name') {
      stampFields.push({ ...base, kind: 'name', text: r.name });
      stored.set(f.id, r.name);
    } else if (f.type === 'date') {
      stampFields.push({ ...base, kind: 'date', text: signedAt.slice(0, 10) });
      stored.set(f.id, signedAt.slice(0, 10));
    } else if (!v) continue;
    else if (v.kind === 'text') {
      stampFields.push({ ...base, kind: 'text', text: v.text });
      stored.set(f.id, v.text);
    } else if (v.kind === 'checkbox') {
      stampFields.push({ ...base, kind: 'checkbox', checked: v.checked });
      stored.set(f.id, String(v.checked));
    } else {
      const image = indexOf(pics.fieldSource.get(f.id)!);
      stampFields.push(
        f.type === 'signature'
          ? { ...base, kind: 'signature', image, verification: verification! }
          : { ...base, kind: 'initials', image },
      );
    }
  }
  const approver = r.role === 'approver';

  let committed = false;
  try {
    return await land();
  } finally {
    if (issued && !committed) await svc.transparency.release(issued);
  }

  async function land(): Promise<FinishOutcome> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // Reading the file and handing it over is a piece of its own, apart from the log's entry.
      await nextTurn();
      const request = await svc.db
        .selectFrom('signing_requests')
        .select(['revision', 'status'])
        .where('id', '=', live.request.id)
        .executeTakeFirstOrThrow();
      if (request.status !== 'active') return { kind: 'not-live' };
      const from = request.revision;
      const file = await svc.deps.files.revision(live.document.id);
      if (file.length === 0) throw new Error(`request ${live.request.id} has no file for revision ${from}`);
      const earlier = await svc.db
        .selectFrom('signing_revisions')
        .select(['number', 'sha256'])
        .where('request_id', '=', live.request.id)
        .execute();
      // What the stored parts must join into: the worker hashes them anyway, and says what it got.
      const expected = from === 0 ? live.document.sha256 : earlier.find((e) => e.number === from)?.sha256;
      let stamped;
      try {
        stamped = await svc.deps.pdf().stampRecipient({
          file,
          images,
          fields: stampFields,
          signerName: r.name,
          signedAt: printedTime(signedAt),
        });
      } catch (err) {
        if (err instanceof PoolBusyError) return { kind: 'busy', retryAfter: 30 };
        if (err instanceof JobAbortedError) return { kind: 'invalid', message: m.documentUnreadable };
        throw err;
      }
      if (stamped.kind === 'bad-field') {
        const fieldId = stampFieldIds[stamped.field];
        return {
          kind: 'invalid',
          message: m.fieldCannotBeDrawn(stamped.reason, stamped.characters),
          ...(fieldId ? { fieldId } : {}),
        };
      }
      if (stamped.kind !== 'ok') return { kind: 'invalid', message: m.documentUnreadable };
      if (stamped.baseSha256 !== expected)
        throw new Error(
          `request ${live.request.id}: the stored parts of revision ${from} do not join into it`,
        );

      // Only the increment is stored (decision 035): the file up to `base` is the revision it started from.
      const appended = stamped.bytes.subarray(stamped.base);
      let landed: { out: Outgoing[]; lastOne: boolean };
      try {
        landed = await svc.db.transaction().execute(async (trx) => {
          const moved = await trx
            .updateTable('signing_requests')
            .set({ revision: from + 1, updated_at: signedAt })
            .where('id', '=', live.request.id)
            .where('revision', '=', from)
            .where('status', '=', 'active')
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) throw new Rollback('conflict' as const);
          let signatureId: number | null = null;
          if (record) {
            const sig = await trx
              .insertInto('signatures')
              .values({
                user_id: null,
                reference_number: record.reference,
                signer_name: r.name,
                additional_data: additionalData,
                qr_code_data: verification!.verifyUrl,
                image_token: randomToken(16),
                is_public: 1,
                is_default: 0,
                consent_at: signedAt,
                created_at: signedAt,
                expires_at: null,
                request_id: live.request.id,
                signer_email_masked: maskEmail(r.email),
                document_name: live.document.name,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            signatureId = sig.id;
            await countEvent(trx, 'signature-created', signedAt);
            await trx
              .insertInto('signature_images')
              .values({
                signature_id: sig.id,
                image_data: record.picture.dataUrl,
                verification_image: record.picture.copy,
              })
              .execute();
            await svc.transparency.claim(trx, issued!);
          }
          const marked = await trx
            .updateTable('signing_recipients')
            .set({ status: 'signed', signed_at: signedAt, signature_id: signatureId })
            .where('id', '=', r.id)
            .where('status', 'in', ['sent', 'opened'])
            .executeTakeFirst();
          if (Number(marked.numUpdatedRows) !== 1) throw new Rollback('not-live' as const);
          await revokeLinks(trx, [r.id], signedAt);
          await svc.deps.files.appendRevision(
            trx,
            live.document.id,
            from + 1,
            appended,
            stamped.appendedSha256,
          );
          await trx
            .insertInto('signing_revisions')
            .values({
              request_id: live.request.id,
              number: from + 1,
              recipient_id: r.id,
              label: `${approver ? 'Approved' : 'Signed'} by ${r.name}`,
              sha256: stamped.sha256,
              size: stamped.length,
              stamps: JSON.stringify(stamped.stamps.map(({ page, rect }) => ({ page, rect }))),
              created_at: signedAt,
            })
            .execute();
          for (const [id, value] of stored)
            await trx.updateTable('signing_fields').set({ value }).where('id', '=', id).execute();
          await recordEvent(trx, {
            requestId: live.request.id,
            recipientId: r.id,
            kind: approver ? 'approved' : 'signed',
            actor,
            at: signedAt,
            detail: `Revision ${from + 1}, SHA-256 ${stamped.sha256}${record ? `, signature ${record.reference}` : ''}${
              stamped.removed.length ? `; removed: ${stamped.removed.join(', ')}` : ''
            }`,
          });
          const left = await trx
            .selectFrom('signing_recipients')
            .select('id')
            .where('request_id', '=', live.request.id)
            .where('role', '!=', 'viewer')
            .where('status', '!=', 'signed')
            .execute();
          if (left.length === 0) {
            // The finish tries the completion at once; this job is its retry (a failure, a restart).
            await svc.deps.scheduler.schedule(
              'requests.complete',
              { requestId: live.request.id },
              now + COMPLETION_RETRY_MS,
              `requests.complete:${live.request.id}`,
              trx,
            );
            return { out: [], lastOne: true };
          }
          const current = await trx
            .selectFrom('signing_requests')
            .selectAll()
            .where('id', '=', live.request.id)
            .executeTakeFirstOrThrow();
          const out = await sendDue(svc, trx, current, {
            sender: live.owner.name || live.owner.email,
            documentName: live.document.name,
            actor: { name: 'Inkproof', ip: null, userAgent: null },
            at: signedAt,
          });
          return { out, lastOne: false };
        });
      } catch (err) {
        if (err instanceof Rollback) {
          if (err.outcome === 'conflict') continue;
          return { kind: 'not-live' };
        }
        // Its log index lapsed: the recipient sends again and the signature takes a fresh one.
        if (err instanceof LapsedIssuance) return { kind: 'busy', retryAfter: 1 };
        throw err;
      }
      committed = true;
      await svc.deps.events.emit(live.request.user_id, 'recipient.signed', {
        ...recipientData(live),
        approved: approver,
      });
      await svc.transparency.appendDue();
      // The commit and the answer in separate pieces: look-ups waiting meanwhile go in between.
      await nextTurn();
      svc.sendAll(landed.out);
      if (landed.lastOne) {
        // Tried at once; the scheduled job retries if this fails (or the server stops first).
        await completeIfDone(svc, live.request.id).catch((err: Error) =>
          svc.deps.log.error(
            { err: err.message, request: live.request.id },
            'request completion failed; will retry',
          ),
        );
      }
      return { kind: 'ok', lastOne: landed.lastOne };
    }
    return { kind: 'busy', retryAfter: 5 };
  }
}
