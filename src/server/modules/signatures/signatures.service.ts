import { sql } from 'kysely';
import {
  generateReference,
  normalizeReference,
  unguessableReference,
  verificationUrl,
} from '#shared/signatures/reference.ts';
import {
  ANONYMOUS_EXPIRY_MONTHS,
  type OwnSignature,
  type SaveSignatureInput,
} from '#shared/signatures/schemas.ts';
import type { Db } from '#server/db/kysely.ts';
import type { SignatureRow, UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomToken } from '#server/lib/crypto.ts';
import { parseSignatureImage, type ImageRefusal } from './images.ts';
import { signatureLogEntry } from '../seals/entries.ts';
import { LapsedIssuance, type TransparencyHook } from '../seals/hook.ts';
import type { EventSink } from '../webhooks/events.service.ts';
import { countEvent } from '#server/lib/event-counts.ts';

export type SaveResult =
  | { kind: 'ok'; signature: SignatureWithLookups }
  | { kind: 'consent-required' | 'reference-taken' }
  | { kind: 'image'; refusal: ImageRefusal };

export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/**
 * Look-up counts (migration 0009) and images (migration 0010) live in tables of their own; a
 * signature without a count was never verified, one without an image row has none.
 */
export type SignatureWithLookups = SignatureRow & {
  lookup_count?: number | null;
  last_verified_at?: string | null;
  image_data?: string | null;
};

/** Signatures joined with their look-up counts and the owner's image. */
export const signaturesWithLookups = (db: Db) =>
  db
    .selectFrom('signatures')
    .leftJoin('signature_lookups', 'signature_lookups.signature_id', 'signatures.id')
    .leftJoin('signature_images', 'signature_images.signature_id', 'signatures.id')
    .selectAll('signatures')
    .select([
      'signature_lookups.lookup_count',
      'signature_lookups.last_verified_at',
      'signature_images.image_data',
    ]);

export const toOwnSignature = (s: SignatureWithLookups): OwnSignature => ({
  id: s.id,
  signerName: s.signer_name ?? '',
  createdAt: s.created_at,
  expiresAt: s.expires_at,
  additionalData: s.additional_data ?? '',
  referenceNumber: s.reference_number,
  signatureData: s.image_data ?? '',
  userId: s.user_id,
  isPublic: s.is_public === 1,
  isDefault: s.is_default === 1,
  isRegisteredUser: s.user_id !== null,
  qrCodeData: s.qr_code_data ?? '',
  consentAt: s.consent_at,
  revokedAt: s.revoked_at,
  lookupCount: s.lookup_count ?? 0,
  lastVerifiedAt: s.last_verified_at ?? null,
});

/** A creator's link is stamped when drawing starts; a save may come a while later. */
const CLIENT_STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const CLIENT_CLOCK_SKEW_MS = 5 * 60 * 1000;

const isUniqueViolation = (err: unknown) =>
  /unique|duplicate key/i.test((err as Error).message ?? '') || (err as { code?: string }).code === '23505';

export class SignaturesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publicUrl: () => string,
    /** The transparency log and seals: issuance, revocation and deletion are logged. */
    private readonly transparency: TransparencyHook,
    /** The account's events (feed and webhooks): told after a change commits. */
    private readonly events: EventSink,
  ) {}

  /** The owner comes from the session, expiry and reference from the server: never from the body. */
  async save(input: SaveSignatureInput, user: UserRow | null, ip = 'local'): Promise<SaveResult> {
    // The creator publishes with consent; a signed-in user's signing panel keeps signatures private.
    const panelSave = user !== null && input.consent === undefined;
    if (!panelSave && input.consent !== true) return { kind: 'consent-required' };

    let image: { dataUrl: string; copy: Buffer } | null = null;
    if (input.signatureData) {
      const parsed = await parseSignatureImage(input.signatureData, { key: ip, copy: true });
      if (parsed.kind !== 'ok') return { kind: 'image', refusal: parsed };
      image = { dataUrl: parsed.dataUrl, copy: parsed.copy! };
    }

    const now = this.clock.now();
    const signerName = input.signerName?.trim() || (panelSave ? user.name : null) || 'Unnamed';
    // A private signature never takes a chosen reference: its reference is drawn unguessable, so a
    // save refused as "already in use" cannot be used to discover others' private signatures.
    const wanted = input.referenceNumber && !panelSave ? normalizeReference(input.referenceNumber) : null;
    for (let attempt = 0; attempt < 8; attempt++) {
      const reference =
        wanted ??
        (panelSave
          ? unguessableReference(new Date(now))
          : generateReference(new Date(now), attempt < 4 ? 4 : 6));
      const created_at = iso(now);
      const expires_at = user ? null : iso(addMonths(now, ANONYMOUS_EXPIRY_MONTHS));
      const additional_data = input.additionalData ?? '';
      // The link carries the seal, and the seal the log index: reserved first, claimed with the row.
      const issued = await this.transparency.issue(
        signatureLogEntry('signature.issued', {
          reference_number: reference,
          signer_name: signerName,
          created_at,
          additional_data,
          revoked_at: null,
          expires_at,
        }),
        this.qrData(input.qrCodeData, reference, signerName, now),
      );
      const row = {
        user_id: user?.id ?? null,
        reference_number: reference,
        signer_name: signerName,
        additional_data,
        qr_code_data: issued.link,
        image_token: image ? randomToken(16) : null,
        is_public: panelSave ? 0 : 1,
        is_default: user && input.isDefault ? 1 : 0,
        consent_at: panelSave ? null : created_at,
        created_at,
        expires_at,
      };
      let saved: SignatureRow;
      try {
        saved = await this.db.transaction().execute(async (trx) => {
          if (row.is_default && user) {
            await trx
              .updateTable('signatures')
              .set({ is_default: 0 })
              .where('user_id', '=', user.id)
              .execute();
          }
          const inserted = await trx
            .insertInto('signatures')
            .values(row)
            .returningAll()
            .executeTakeFirstOrThrow();
          if (image) {
            await trx
              .insertInto('signature_images')
              .values({
                signature_id: inserted.id,
                image_data: image.dataUrl,
                verification_image: image.copy,
              })
              .execute();
          }
          await countEvent(trx, 'signature-created', inserted.created_at);
          await this.transparency.claim(trx, issued);
          return inserted;
        });
      } catch (err) {
        await this.transparency.release(issued);
        if (err instanceof LapsedIssuance) continue;
        if (!isUniqueViolation(err)) throw err;
        if (wanted) return { kind: 'reference-taken' };
        continue;
      }
      await this.transparency.appendDue();
      return { kind: 'ok', signature: { ...saved, image_data: image?.dataUrl ?? null } };
    }
    throw new Error('could not find a free reference number');
  }

  /**
   * Keep the creator's URL when it is ours and names this reference and signer at about this
   * time; otherwise build it. The seal signs the name and time the link shows, so a client
   * cannot have the instance vouch for another name or a back-dated signing.
   */
  private qrData(sent: string | undefined, reference: string, name: string, now: number) {
    if (sent && URL.canParse(sent)) {
      const url = new URL(sent);
      url.hash = '';
      const q = url.searchParams;
      const at = Date.parse(q.get('timestamp') ?? '');
      const ours = `${url.origin}${url.pathname}` === `${this.publicUrl()}/verify-signature`;
      if (
        ours &&
        normalizeReference(q.get('ref') ?? '') === reference &&
        (q.get('name') ?? '') === name &&
        at <= now + CLIENT_CLOCK_SKEW_MS &&
        at >= now - CLIENT_STAMP_MAX_AGE_MS
      )
        return url.toString();
    }
    return verificationUrl(this.publicUrl(), { id: now, ref: reference, name, timestamp: iso(now) });
  }

  list(userId: number) {
    return signaturesWithLookups(this.db)
      .where('signatures.user_id', '=', userId)
      .orderBy('signatures.created_at', 'desc')
      .orderBy('signatures.id', 'desc')
      .execute();
  }

  /**
   * One page of a user's signatures, newest first, strictly before the id `before` (the public
   * API's cursor): `limit + 1` rows, so the caller knows whether another page follows.
   */
  page(userId: number, opts: { before: number | null; limit: number }) {
    let q = signaturesWithLookups(this.db).where('signatures.user_id', '=', userId);
    if (opts.before !== null) q = q.where('signatures.id', '<', opts.before);
    return q
      .orderBy('signatures.id', 'desc')
      .limit(opts.limit + 1)
      .execute();
  }

  get(userId: number, id: number) {
    return signaturesWithLookups(this.db)
      .where('signatures.id', '=', id)
      .where('signatures.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Counts of signatures deleted since their last look-up (no foreign key: see migration 0009). */
  async purgeOrphanLookups() {
    const res = await this.db
      .deleteFrom('signature_lookups')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('signatures')
              .select('signatures.id')
              .whereRef('signatures.id', '=', 'signature_lookups.signature_id'),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async deleteAll(userId: number) {
    const rows = await this.db
      .deleteFrom('signatures')
      .where('user_id', '=', userId)
      .returningAll()
      .execute();
    await Promise.all(
      rows.map((r) => this.transparency.appendToLog(signatureLogEntry('signature.deleted', r))),
    );
    return rows.length;
  }

  /** Keeps the user's signatures (data, references, counts) without their pictures. */
  async clearImages(userId: number) {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('signature_images')
        .where('signature_id', 'in', (eb) =>
          eb.selectFrom('signatures').select('id').where('user_id', '=', userId),
        )
        .execute();
      const res = await trx
        .updateTable('signatures')
        .set({ image_token: null })
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    });
  }

  async delete(userId: number, id: number) {
    const row = await this.db
      .deleteFrom('signatures')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (row) await this.transparency.appendToLog(signatureLogEntry('signature.deleted', row));
    return row !== undefined;
  }

  /** Flips public and private; a null-like state counts as private (the spec shows it so). */
  async toggleAccess(userId: number, id: number) {
    return this.db
      .updateTable('signatures')
      .set({ is_public: sql<number>`1 - is_public` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  async revoke(userId: number, id: number) {
    const now = iso(this.clock.now());
    const row = await this.db
      .updateTable('signatures')
      .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (row?.revoked_at === now) {
      await this.transparency.appendToLog(signatureLogEntry('signature.revoked', row));
      await this.events.emit(userId, 'signature.revoked', {
        signatureId: row.id,
        reference: row.reference_number,
        revokedAt: now,
      });
    }
    return row;
  }

  /** Erases images and personal data of expired anonymous signatures; the row answers 410. */
  async purgeExpired() {
    const now = iso(this.clock.now());
    return this.db.transaction().execute(async (trx) => {
      const expired = trx
        .selectFrom('signatures')
        .select('id')
        .where('user_id', 'is', null)
        .where('expires_at', '<=', now)
        .where('purged_at', 'is', null);
      await trx.deleteFrom('signature_images').where('signature_id', 'in', expired).execute();
      const res = await trx
        .updateTable('signatures')
        .set({
          image_token: null,
          signer_name: null,
          additional_data: null,
          qr_code_data: null,
          purged_at: now,
        })
        .where('id', 'in', expired)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    });
  }
}
