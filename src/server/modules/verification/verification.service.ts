import type { InferResult } from 'kysely';
import type { PublicSignature } from '#shared/signatures/answers.ts';
import type { Db } from '#server/db/kysely.ts';
import { BatchedCounter } from '#server/lib/batched-counter.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { safeEqual } from '#server/lib/crypto.ts';
import { oneAtATime } from '#server/lib/one-at-a-time.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import type { DbRateLimiter } from '#server/lib/rate-limiter.ts';
import { reportBadRow, writeInChunks, type WarnLog } from '#server/lib/write-in-chunks.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';

export type LookupResult =
  | { kind: 'ok'; signature: PublicSignature }
  | { kind: 'expired'; expiresAt: string }
  | { kind: 'revoked'; revokedAt: string }
  | { kind: 'missing' };

export type Gate =
  { kind: 'ok' } | { kind: 'captcha'; wrong: boolean } | { kind: 'blocked'; retryAfter: number };

/** Per-IP limits are shared through the database this often, so instances agree within a second. */
const FLUSH_MS = 1000;
/** Rows per upsert of a counts flush (well under both databases' limits on bound parameters). */
const COUNTS_CHUNK = 1000;
const OK: Gate = { kind: 'ok' };

/**
 * The public verification path, the hottest of the product: no session is created, no write
 * happens per request (rate-limit hits and look-up counts are batched), one indexed query answers.
 */
export class VerificationService {
  private readonly perIp: BatchedCounter;
  /** Per IP: the look-up count up to which no CAPTCHA is asked (raised by each solved one). */
  private readonly allowance = new Map<string, number>();
  /** Look-ups per signature since the last flush, and the last one's time. */
  private counts = new Map<number, { count: number; at: number }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: DbRateLimiter,
    private readonly limits: () => SecurityLimits,
    private readonly captcha: CaptchaService,
    /** Told once per IP and window when it crosses a limit (for the activity log). */
    private readonly onLimit: (
      ip: string,
      event: 'lookup-captcha-required' | 'lookup-blocked',
    ) => void = () => {},
    private readonly log: WarnLog = { warn: () => {} },
  ) {
    this.perIp = new BatchedCounter(limiter, clock, 'lookup:ip:', () => limits().lookupWindowMs);
  }

  start() {
    this.timer = setInterval(
      () =>
        void this.flush().catch((err: Error) => this.log.warn({ err: err.message }, 'look-up flush failed')),
      FLUSH_MS,
    );
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }

  /**
   * Counts the look-up against the caller's IP and decides whether it may go on. Answers at once
   * (no promise) while the IP is under its allowance, which is every look-up but a limited IP's.
   */
  gate(ip: string, sessionId: string | undefined, captchaAnswer: string | undefined): Gate | Promise<Gate> {
    const l = this.limits();
    const count = this.perIp.hit(ip);
    if (count === l.lookupsBeforeCaptcha + 1) this.onLimit(ip, 'lookup-captcha-required');
    if (count === l.lookupsBeforeBlock + 1) this.onLimit(ip, 'lookup-blocked');
    if (count > l.lookupsBeforeBlock) {
      const retryAfter = Math.max(1, Math.ceil((this.perIp.resetAt(ip) - this.clock.now()) / 1000));
      return { kind: 'blocked', retryAfter };
    }
    if (count <= Math.max(l.lookupsBeforeCaptcha, this.allowance.get(ip) ?? 0)) return OK;
    return this.overSoftLimit(ip, count, sessionId, captchaAnswer);
  }

  /** Seconds until the IP's look-up window starts over (a caller that cannot solve a CAPTCHA waits). */
  windowResetsIn(ip: string): number {
    return Math.max(1, Math.ceil((this.perIp.resetAt(ip) - this.clock.now()) / 1000));
  }

  private async overSoftLimit(
    ip: string,
    count: number,
    sessionId: string | undefined,
    captchaAnswer: string | undefined,
  ): Promise<Gate> {
    const l = this.limits();
    const allowed = () => Math.max(l.lookupsBeforeCaptcha, this.allowance.get(ip) ?? 0);
    // Over the soft limit: another instance may have seen a solved CAPTCHA for this IP.
    const shared = await this.limiter.peek(`lookup:allow:${ip}`);
    this.allowance.set(ip, shared.count);
    if (count <= allowed()) return { kind: 'ok' };
    if (!captchaAnswer) return { kind: 'captcha', wrong: false };
    if ((await this.captcha.check(sessionId, 'lookup', captchaAnswer)) !== 'ok')
      return { kind: 'captcha', wrong: true };
    // A solved CAPTCHA buys the next batch of look-ups, up to the hard limit.
    const raised = await this.limiter.raiseTo(
      `lookup:allow:${ip}`,
      count + l.lookupsBeforeCaptcha,
      l.lookupWindowMs,
    );
    this.allowance.set(ip, raised.count);
    return { kind: 'ok' };
  }

  async byReference(reference: string): Promise<LookupResult> {
    const row = await lookupQuery(this.db)
      .where('reference_number', '=', reference.trim().toUpperCase())
      .executeTakeFirst();
    return row && Number(row.is_public) !== 1 ? this.privateResult(row) : this.toResult(row);
  }

  async byId(id: number): Promise<LookupResult> {
    const row = await lookupQuery(this.db).where('id', '=', id).executeTakeFirst();
    return row && Number(row.is_public) !== 1 ? this.privateResult(row) : this.toResult(row);
  }

  /**
   * A private signature stays hidden, unless it signed documents: their certificate pages print its
   * reference, so it must verify. The answer carries what those pages show beside it (the signer's
   * name as printed, when it signed), never the image or reference data, and no document names:
   * the document is checked by its own reference or file, printed on the same page.
   */
  private async privateResult(row: Row): Promise<LookupResult> {
    if (row.user_id === null || row.purged_at) return { kind: 'missing' };
    const use = await this.documentUse(row.user_id, row.id);
    if (!use) return { kind: 'missing' };
    if (row.revoked_at) return { kind: 'revoked', revokedAt: row.revoked_at };
    this.countLookup(row.id);
    return { kind: 'ok', signature: toDocumentSigner(row, use) };
  }

  /** Through the owner's documents (indexed by owner), so no scan of every placement is needed. */
  private async documentUse(ownerId: number, signatureId: number): Promise<DocumentUse | null> {
    const placements = this.db
      .selectFrom('document_signatures as ds')
      .innerJoin('documents as d', 'd.id', 'ds.document_id')
      .where('d.user_id', '=', ownerId)
      .where('d.signed_at', 'is not', null)
      .where('ds.signature_id', '=', signatureId);
    const [counts, latest] = await Promise.all([
      placements
        .select((eb) => [
          eb.fn.count<number | string>('ds.document_id').distinct().as('documents'),
          eb.fn.min('ds.signed_at').as('first'),
          eb.fn.max('ds.signed_at').as('last'),
        ])
        .executeTakeFirst(),
      placements.select('ds.signer_name').orderBy('ds.signed_at', 'desc').limit(1).executeTakeFirst(),
    ]);
    const documents = Number(counts?.documents ?? 0);
    if (!documents || !latest || !counts?.first || !counts.last) return null;
    return { documents, first: counts.first, last: counts.last, signerName: latest.signer_name };
  }

  private toResult(row: Row | undefined): LookupResult {
    if (!row || Number(row.is_public) !== 1) return { kind: 'missing' };
    if (row.revoked_at) return { kind: 'revoked', revokedAt: row.revoked_at };
    if (row.purged_at || (row.expires_at && Date.parse(row.expires_at) <= this.clock.now())) {
      return { kind: 'expired', expiresAt: row.expires_at! };
    }
    this.countLookup(row.id);
    return { kind: 'ok', signature: toPublicSignature(row) };
  }

  async verificationImage(id: number, token: string): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom('signatures')
      .innerJoin('signature_images', 'signature_images.signature_id', 'signatures.id')
      .select(['image_token', 'verification_image', 'is_public', 'revoked_at', 'expires_at', 'purged_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row?.image_token || !safeEqual(token, row.image_token)) return null;
    if (row.is_public !== 1 || row.revoked_at || row.purged_at) return null;
    if (row.expires_at && Date.parse(row.expires_at) <= this.clock.now()) return null;
    return Buffer.from(row.verification_image);
  }

  private countLookup(id: number) {
    const c = this.counts.get(id);
    if (c) {
      c.count++;
      c.at = this.clock.now();
    } else this.counts.set(id, { count: 1, at: this.clock.now() });
  }

  /** Writes everything pending now: the per-IP limits and the look-up counts. */
  async flush() {
    await Promise.all([this.flushLimits(), this.flushCounts()]);
  }

  private async flushLimits() {
    for (const ip of this.allowance.keys()) if (this.perIp.count(ip) === 0) this.allowance.delete(ip);
    await this.perIp.flush();
  }

  /**
   * Count flushes run one after another, so flush() (stop(), say) returns only once everything
   * counted until then is written, the timer's flush in progress included.
   */
  private readonly flushCounts = oneAtATime(async () => {
    const counts = this.counts;
    if (counts.size === 0) return;
    this.counts = new Map();
    const rows = [...counts]
      .sort(([a], [b]) => a - b)
      .map(([id, c]) => ({ signature_id: id, lookup_count: c.count, last_verified_at: iso(c.at) }));
    await writeInChunks(
      rows,
      COUNTS_CHUNK,
      (chunk) => this.addCounts(chunk),
      reportBadRow(this.log, 'signature_lookups'),
    );
  });

  private addCounts(rows: { signature_id: number; lookup_count: number; last_verified_at: string }[]) {
    return this.db
      .insertInto('signature_lookups')
      .values(rows)
      .onConflict((oc) =>
        oc.column('signature_id').doUpdateSet((eb) => ({
          lookup_count: eb('signature_lookups.lookup_count', '+', eb.ref('excluded.lookup_count')),
          last_verified_at: eb.ref('excluded.last_verified_at'),
        })),
      )
      .execute();
  }
}

/**
 * The watermarked copy's URL carries the signature's random image token: only someone who passed
 * a look-up learns it, so the copies cannot be enumerated by id.
 */
export const imageUrl = (id: number, token: string) =>
  `/api/signatures/${id}/verification-image?sig=${token}`;

/**
 * A public signature's look-up answer. Its schema (publicSignature) decides what goes out; this
 * names each field once, from the narrow row, which holds no image and no owner.
 */
const toPublicSignature = (row: Row): PublicSignature => ({
  id: row.id,
  signerName: row.signer_name ?? '',
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  additionalData: row.additional_data ?? '',
  referenceNumber: row.reference_number,
  signatureData: row.image_token ? imageUrl(row.id, row.image_token) : '',
  isRegisteredUser: row.user_id !== null,
  ...(row.signer_email_masked
    ? { signingRequest: { signerEmail: row.signer_email_masked, documentName: row.document_name ?? '' } }
    : {}),
});

/**
 * A private signature that signed documents: what their certificate pages print beside its
 * reference (the signer's name as printed, when it signed), never its image or reference data.
 */
const toDocumentSigner = (row: Row, use: DocumentUse): PublicSignature => ({
  id: row.id,
  signerName: use.signerName,
  createdAt: row.created_at,
  expiresAt: null,
  additionalData: '',
  referenceNumber: row.reference_number,
  signatureData: '',
  isRegisteredUser: true,
  documentUse: { documents: use.documents, firstSignedAt: use.first, lastSignedAt: use.last },
});

/** The narrow signature row only: the images live in their own table (migration 0010). */
function lookupQuery(db: Db) {
  return db
    .selectFrom('signatures')
    .select([
      'id',
      'user_id',
      'reference_number',
      'signer_name',
      'additional_data',
      'created_at',
      'expires_at',
      'is_public',
      'revoked_at',
      'purged_at',
      'image_token',
      'signer_email_masked',
      'document_name',
    ]);
}

type Row = InferResult<ReturnType<typeof lookupQuery>>[number];

/** A private signature's signed documents: how many, and its latest printed name. */
interface DocumentUse {
  documents: number;
  first: string;
  last: string;
  signerName: string;
}
