import { CompiledQuery, type InferResult } from 'kysely';
import type { PublicSignature } from '#shared/signatures/schemas.ts';
import {
  batchedPointReads,
  batchStatement,
  pointQuery,
  runsOnEventLoop,
  type Db,
} from '#server/db/kysely.ts';
import { BatchedCounter } from '#server/lib/batched-counter.ts';
import { IdTally } from '#server/lib/id-tally.ts';
import { isoBySecond, type Clock } from '#server/lib/clock.ts';
import { safeEqual } from '#server/lib/crypto.ts';
import { nextTurn, sleep } from '#server/lib/next-turn.ts';
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
/**
 * Look-up counts are written with the limits while a batch is small, so owners see them within a
 * second. Each flush upserts one row per signature looked up; at thousands of look-ups a second
 * over many signatures that rewrote nearly every page of the counts table each second. A batch
 * this large waits until it is COUNTS_MAX_AGE_MS old instead: a tenth of the pages written, and
 * repeat look-ups fold together.
 */
const COUNTS_BATCH_LARGE = 1000;
const COUNTS_MAX_AGE_MS = 10_000;
/**
 * Rows per transaction of a counts flush, with a turn of the event loop between transactions: on
 * SQLite a transaction runs on the event loop, and a batch of 90,000 signatures written in one went
 * 128 ms without answering a look-up (a 500-row one takes under a millisecond).
 */
const COUNTS_CHUNK = 500;
/**
 * The timer's count flush waits this many times as long as each chunk took before the next one,
 * so it takes at most a tenth of the event loop: run back to back (a turn between chunks), a
 * 95,000-signature flush held half of it for 0.4 s, and the look-ups answered meanwhile queued up
 * (pinned, their p99 in the half-seconds holding a flush was 14-17 ms against 4-5; decision 043).
 * On PostgreSQL too, where a chunk's time is mostly the database's: run back to back, its ~0.35 s
 * of upserts took the core the look-ups' own reads and the server ran on, and look-ups/s halved for
 * 1-1.5 s (decision 049).
 */
const COUNTS_PACE = 9;
const OK: Gate = { kind: 'ok' };

/**
 * The public verification path, the hottest of the product: no session is created, no write
 * happens per request (rate-limit hits and look-up counts are batched), one indexed query answers.
 */
export class VerificationService {
  private readonly perIp: BatchedCounter;
  /** Per IP: the look-up count up to which no CAPTCHA is asked (raised by each solved one). */
  private readonly allowance = new Map<string, number>();
  /**
   * Look-ups per signature since the last flush and the last one's time, in typed arrays: counting
   * allocates nothing (an object per signature lived a second, long enough to be promoted), and
   * a tally keeps its capacity when emptied. A flush writes one while the other counts on.
   */
  private counts = new IdTally();
  /** None while a flush writes the other. */
  private spareCounts: IdTally | null = new IdTally();
  private batchStart: number;
  /** By reference, batched per turn of the event loop (every QR scan's read). */
  private readonly byRef: ReturnType<typeof batchedPointReads<ReturnType<typeof lookupQuery>, string>>;
  private readonly byIdQuery: (params: unknown[]) => Promise<Row | undefined>;
  private readonly addCounts: (rows: unknown[][]) => Promise<void>;
  private timer: NodeJS.Timeout | undefined;
  /** flush() calls waiting: a paced flush then goes on at full speed. */
  private hurry = 0;
  /** A batch of counts at least this large waits up to COUNTS_MAX_AGE_MS (tests lower it). */
  countsBatchLarge = COUNTS_BATCH_LARGE;

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
    this.batchStart = clock.now();
    this.byRef = batchedPointReads(db, {
      one: lookupQuery(db).where('reference_number', '=', ''),
      many: lookupQuery(db).where('reference_number', '=', (eb) =>
        eb.fn<string>('any', [eb.val<string[]>([])]),
      ),
      key: (row) => row.reference_number,
    });
    this.byIdQuery = pointQuery(db, lookupQuery(db).where('id', '=', 0));
    // SQLite: one prepared upsert a row, a chunk in one transaction (see batchStatement).
    // PostgreSQL: a chunk in one statement (upsertCountsPostgres).
    this.addCounts = !runsOnEventLoop(db)
      ? upsertCountsPostgres(db)
      : batchStatement(
          db,
          db
            .insertInto('signature_lookups')
            .values({ signature_id: 0, lookup_count: 0, last_verified_at: '' })
            .onConflict((oc) =>
              oc.column('signature_id').doUpdateSet((eb) => ({
                lookup_count: eb('signature_lookups.lookup_count', '+', eb.ref('excluded.lookup_count')),
                last_verified_at: eb.ref('excluded.last_verified_at'),
              })),
            ),
        );
  }

  start() {
    this.timer = setInterval(
      () =>
        void this.tick().catch((err: Error) => this.log.warn({ err: err.message }, 'look-up flush failed')),
      FLUSH_MS,
    );
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }

  /** The timer's flush: limits always, counts unless a large batch is still young. */
  async tick() {
    const young = this.clock.now() - this.batchStart < COUNTS_MAX_AGE_MS;
    // a paced flush still writing is let be: the next tick takes what came in meanwhile
    const writing = this.spareCounts === null;
    const countsDue = !writing && (this.counts.size < this.countsBatchLarge || !young);
    await Promise.all([this.flushLimits(), countsDue ? this.flushCounts(true) : undefined]);
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
    const row = await this.byRef(reference.trim().toUpperCase());
    return row && Number(row.is_public) !== 1 ? this.privateResult(row) : this.toResult(row);
  }

  async byId(id: number): Promise<LookupResult> {
    const row = await this.byIdQuery([id]);
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
    return {
      kind: 'ok',
      signature: {
        id: row.id,
        signerName: use.signerName,
        createdAt: row.created_at,
        expiresAt: null,
        additionalData: '',
        referenceNumber: row.reference_number,
        signatureData: '',
        isRegisteredUser: true,
        documentUse: { documents: use.documents, firstSignedAt: use.first, lastSignedAt: use.last },
      },
    };
  }

  /** Through the owner's documents (indexed by owner), so no scan of every placement is needed. */
  private async documentUse(ownerId: number, signatureId: number) {
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
    return {
      kind: 'ok',
      signature: {
        id: row.id,
        signerName: row.signer_name ?? '',
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        additionalData: row.additional_data ?? '',
        referenceNumber: row.reference_number,
        signatureData: row.image_token ? imageUrl(row.id, row.image_token) : '',
        isRegisteredUser: row.user_id !== null,
        ...(row.signer_email_masked
          ? {
              signingRequest: { signerEmail: row.signer_email_masked, documentName: row.document_name ?? '' },
            }
          : {}),
      },
    };
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
    this.counts.add(id, this.clock.now());
  }

  /** Writes everything pending now, at full speed: the per-IP limits and the look-up counts. */
  async flush() {
    this.hurry++;
    try {
      await Promise.all([this.flushLimits(), this.flushCounts(false)]);
    } finally {
      this.hurry--;
    }
  }

  private async flushLimits() {
    for (const ip of this.allowance.keys()) if (this.perIp.count(ip) === 0) this.allowance.delete(ip);
    await this.perIp.flush();
  }

  /**
   * Count flushes run one after another: a flush is several transactions with turns of the event
   * loop between them, so the timer's may still be writing when stop() or a test flushes, and
   * flush() must not return before everything counted until then is written.
   */
  private readonly flushCounts = oneAtATime((paced: boolean) => this.writeCounts(paced));

  /**
   * `paced`: the timer's flush, which leaves the event loop (SQLite) or the database (PostgreSQL)
   * to the look-ups (COUNTS_PACE), until a flush() (stop(), say) asks for everything now.
   */
  private async writeCounts(paced: boolean) {
    const { counts } = this;
    this.batchStart = this.clock.now();
    if (counts.size === 0) return;
    this.counts = this.spareCounts ?? new IdTally();
    this.spareCounts = null;
    try {
      await this.writeTally(counts, paced);
    } finally {
      counts.clear();
      this.spareCounts = counts;
    }
  }

  private async writeTally(counts: IdTally, paced: boolean) {
    // In id order, so each chunk's upserts land on a few neighbouring pages of the counts table;
    // sorted a chunk at a time (below), as each chunk's rows are made: at 90,000 signatures one
    // sort and all the rows at once held the event loop 100-130 ms.
    const chunks = idChunks(counts.ids(), COUNTS_CHUNK);
    const badRow = reportBadRow(this.log, 'signature_lookups');
    const iso = isoBySecond();
    let took = 0;
    for (let i = 0; i < chunks.length; i++) {
      if (i > 0) await (paced && this.hurry === 0 ? sleep(took * COUNTS_PACE) : nextTurn());
      const started = performance.now();
      const rows = chunks[i]!.sort((a, b) => a - b).map((id) => {
        const { count, at } = counts.get(id)!;
        return [id, count, iso(at)];
      });
      await writeInChunks(rows, COUNTS_CHUNK, this.addCounts, badRow);
      took = performance.now() - started;
    }
  }
}

/**
 * A chunk of look-up counts as one PostgreSQL statement, its rows as three arrays. A statement a
 * row was a round trip each: ~95,000 every 10 s at 30,000 look-ups/s over 100,000 signatures, and
 * the pinned look-up's p99 went from 5 to 7 ms once the bench's rounds held their own flush.
 * The ids of a chunk are distinct (one row per signature), as ON CONFLICT DO UPDATE needs.
 */
const COUNTS_UPSERT_POSTGRES = `
  insert into signature_lookups (signature_id, lookup_count, last_verified_at)
  select * from unnest($1::integer[], $2::integer[], $3::text[])
  on conflict (signature_id) do update set
    lookup_count = signature_lookups.lookup_count + excluded.lookup_count,
    last_verified_at = excluded.last_verified_at`;

function upsertCountsPostgres(db: Db) {
  return async (rows: unknown[][]) => {
    const column = (i: number) => rows.map((row) => row[i]);
    await db.executeQuery(CompiledQuery.raw(COUNTS_UPSERT_POSTGRES, [column(0), column(1), column(2)]));
  };
}

/**
 * Ids grouped into chunks of at most `size` by their range (`size` consecutive ids a range), the
 * chunks in id order: one pass over the ids, no sort of them all. Neighbouring ranges share a chunk
 * while it has room, so ids spread thin still make few chunks.
 */
export function idChunks(ids: Iterable<number>, size: number): number[][] {
  const ranges = new Map<number, number[]>();
  for (const id of ids) {
    const r = Math.floor(id / size);
    const range = ranges.get(r);
    if (range) range.push(id);
    else ranges.set(r, [id]);
  }
  const chunks: number[][] = [];
  let chunk: number[] = [];
  for (const r of [...ranges.keys()].sort((a, b) => a - b)) {
    const range = ranges.get(r)!;
    if (chunk.length + range.length > size) {
      if (chunk.length) chunks.push(chunk);
      chunk = range;
    } else if (chunk.length) chunk.push(...range);
    else chunk = range;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/**
 * The watermarked copy's URL carries the signature's random image token: only someone who passed
 * a look-up learns it, so the copies cannot be enumerated by id.
 */
export const imageUrl = (id: number, token: string) =>
  `/api/signatures/${id}/verification-image?sig=${token}`;

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
