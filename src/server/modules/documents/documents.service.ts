import { sql, type Transaction } from 'kysely';
import { documentVerificationUrl } from '#shared/documents/reference.ts';
import {
  PDF_MIME,
  SHARE_LINK_TTL_DAYS,
  type DocumentDetail,
  type DocumentSummary,
  type DocumentVerification,
  type SharedDocument,
  type SignDocumentInput,
  type StorageUsage,
} from '#shared/documents/schemas.ts';
import type { Db } from '#server/db/kysely.ts';
import type { Database, DocumentRow, UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';
import { contains } from '../admin/like.ts';
import type { Refusal } from '../pdf/jobs.ts';
import { JobAbortedError, type PdfPool } from '../pdf/pdf-pool.ts';
import type { SignaturesService } from '../signatures/signatures.service.ts';
import { FileStore } from './file-store.ts';
import { SigningIdentityStore } from './signing-identity.ts';
import { signDocument, type SignOutcome } from './signing.ts';
import { lockUserQuota, usedBytes } from './storage.ts';
import { documentLogEntry } from '../seals/entries.ts';
import type { TransparencyHook } from '../seals/hook.ts';
import type { EventSink } from '../webhooks/events.service.ts';
import { activeContentOf, currentPageCount, toDetail, toSummary, type ShareState } from './views.ts';
import { countEvent } from '#server/lib/event-counts.ts';

export type OverQuota = { kind: 'over-quota' } & StorageUsage;
export type UploadResult = { kind: 'ok'; document: DocumentSummary } | Refusal | OverQuota;

export interface UploadInput {
  name: string;
  filename: string;
  bytes: Buffer;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Opening a 10 MB PDF takes well under a second; longer means a pathological file. */
const INSPECT_TIMEOUT_MS = 15_000;

/** Documents: rules and queries. Every owner call filters by owner: another's id reads as absent. */
export class DocumentsService {
  readonly files: FileStore;
  readonly identity: SigningIdentityStore;

  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly pdf: PdfPool,
    readonly signatures: SignaturesService,
    readonly publicUrl: () => string,
    /** The transparency log and seals: a signed document's link is sealed, its deletion logged. */
    readonly transparency: TransparencyHook,
    /** The account's events (feed and webhooks): told after a change commits. */
    readonly events: EventSink,
  ) {
    this.files = new FileStore(db, clock);
    this.identity = new SigningIdentityStore(
      db,
      pdf,
      () => `Inkproof document signing (${new URL(publicUrl()).host})`,
    );
  }

  /** Creates the signing certificate on first start, so the first signature does not wait for it. */
  async init() {
    await this.identity.load();
  }

  /** What the user stores against their quota (`defaultQuota` unless an admin set theirs). */
  async usage(userId: number, defaultQuota: number): Promise<StorageUsage> {
    const [user, used] = await Promise.all([
      this.db.selectFrom('users').select('storage_quota_bytes').where('id', '=', userId).executeTakeFirst(),
      usedBytes(this.db, userId),
    ]);
    const override = user?.storage_quota_bytes;
    return { usedBytes: used, quotaBytes: override == null ? defaultQuota : Number(override) };
  }

  /** Before the body is read: refuses at once what cannot fit (at least `fileBytes` arrive). */
  async roomFor(
    userId: number,
    fileBytes: number,
    defaultQuota: number,
  ): Promise<{ kind: 'ok' } | OverQuota> {
    const usage = await this.usage(userId, defaultQuota);
    return usage.usedBytes + Math.max(1, fileBytes) > usage.quotaBytes
      ? { kind: 'over-quota', ...usage }
      : { kind: 'ok' };
  }

  async upload(user: UserRow, input: UploadInput, defaultQuota: number): Promise<UploadResult> {
    const stored = await this.uploadAs(user, input, defaultQuota, 'document', async () => undefined);
    if (stored.kind !== 'ok') return stored;
    const doc = stored.document;
    await this.events.emit(user.id, 'document.uploaded', {
      documentId: doc.id,
      name: doc.name,
      pageCount: doc.page_count,
      size: doc.size,
    });
    return { kind: 'ok', document: toSummary(doc, { shared: false, shareExpiresAt: null }) };
  }

  /**
   * Checks and stores an uploaded PDF as a document of `purpose`; `within` runs in the
   * transaction that keeps it (a template's row, say), so neither is kept without the other.
   */
  async uploadAs<T>(
    user: UserRow,
    input: UploadInput,
    defaultQuota: number,
    purpose: DocumentRow['purpose'],
    within: (trx: Transaction<Database>, doc: DocumentRow) => Promise<T>,
  ): Promise<{ kind: 'ok'; document: DocumentRow; kept: T } | Refusal | OverQuota> {
    let inspected;
    try {
      inspected = await this.pdf.run('inspect', input.bytes, { timeoutMs: INSPECT_TIMEOUT_MS });
    } catch (err) {
      // A file that exhausts a worker's time or memory is as unreadable as a broken one.
      if (err instanceof JobAbortedError) return { kind: 'damaged' };
      throw err;
    }
    if (inspected.kind !== 'ok') return inspected;
    return this.keepFile(
      user.id,
      input.bytes,
      {
        name: input.name,
        original_filename: input.filename,
        page_count: inspected.pageCount,
        sha256: inspected.sha256,
        active_content: inspected.activeContent.join(','),
        purpose,
      },
      defaultQuota,
      within,
    );
  }

  /**
   * A new document of `purpose` holding a copy of another's original (a template's file for
   * each use, a document's for a new template), as checked when it was uploaded.
   */
  async copy<T>(
    userId: number,
    sourceId: number,
    target: { name: string; purpose: DocumentRow['purpose'] },
    defaultQuota: number,
    within: (trx: Transaction<Database>, doc: DocumentRow) => Promise<T>,
  ): Promise<{ kind: 'ok'; document: DocumentRow; kept: T } | OverQuota | { kind: 'missing' }> {
    const source = await this.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', sourceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const bytes = source && (await this.files.get(source.id, 'original'));
    if (!source || !bytes) return { kind: 'missing' };
    return this.keepFile(
      userId,
      bytes,
      {
        name: target.name,
        original_filename: source.original_filename,
        page_count: source.page_count,
        sha256: source.sha256,
        active_content: source.active_content,
        purpose: target.purpose,
      },
      defaultQuota,
      within,
    );
  }

  /** Stores a checked file as a new pending document, within its owner's quota. */
  private async keepFile<T>(
    userId: number,
    bytes: Buffer,
    doc: Pick<
      DocumentRow,
      'name' | 'original_filename' | 'page_count' | 'sha256' | 'active_content' | 'purpose'
    >,
    defaultQuota: number,
    within: (trx: Transaction<Database>, doc: DocumentRow) => Promise<T>,
  ): Promise<{ kind: 'ok'; document: DocumentRow; kept: T } | OverQuota> {
    const now = iso(this.clock.now());
    const size = bytes.length;
    // Written in parts ahead of the transaction, which then only names them (decision 035).
    const staged = await this.files.stage(bytes, doc.sha256);
    const stored = await this.db
      .transaction()
      .execute(async (trx): Promise<{ kind: 'ok'; document: DocumentRow; kept: T } | OverQuota> => {
        // Checked where the file is written, under the user's row lock: parallel uploads cannot
        // each pass a quota that only one of them fits.
        const locked = await lockUserQuota(trx, userId);
        const quotaBytes = locked?.override ?? defaultQuota;
        const used = await usedBytes(trx, userId);
        if (!locked || used + size > quotaBytes) return { kind: 'over-quota', usedBytes: used, quotaBytes };
        const row = await trx
          .insertInto('documents')
          .values({
            ...doc,
            user_id: userId,
            mime_type: PDF_MIME,
            status: 'pending',
            size,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await this.files.keep(trx, staged, row.id, 'original');
        if (doc.purpose === 'document') await countEvent(trx, 'document-uploaded', now);
        return { kind: 'ok', document: row, kept: await within(trx, row) };
      })
      .catch(async (err: unknown) => {
        await this.files.discard(staged);
        throw err;
      });
    if (stored.kind !== 'ok') await this.files.discard(staged);
    return stored;
  }

  /**
   * The owner's live share links per document: not revoked, not expired. The download links a
   * signing request mailed its recipients are the request's, shown and turned off with it.
   */
  private liveShares(ids: number[]) {
    if (ids.length === 0) return Promise.resolve(new Map<number, ShareState>());
    const now = iso(this.clock.now());
    return this.db
      .selectFrom('share_links')
      .select(['document_id', (eb) => eb.fn.max('expires_at').as('expires_at')])
      .where('document_id', 'in', ids)
      .where('request_id', 'is', null)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .groupBy('document_id')
      .execute()
      .then(
        (rows) =>
          new Map(rows.map((r) => [r.document_id, { shared: true, shareExpiresAt: r.expires_at ?? null }])),
      );
  }

  private noShare: ShareState = { shared: false, shareExpiresAt: null };

  async list(userId: number): Promise<DocumentSummary[]> {
    const rows = await this.db
      .selectFrom('documents')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', 'document')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const shares = await this.liveShares(rows.map((r) => r.id));
    return rows.map((r) => toSummary(r, shares.get(r.id) ?? this.noShare));
  }

  /**
   * One page of a user's documents, newest first (as the list), strictly after the cursor's
   * document in that order (the public API's paging): `limit + 1` rows, so the caller knows
   * whether another page follows. The order is the index's (user, created), so a page reads
   * only its own rows however many documents the user has.
   */
  async page(
    userId: number,
    opts: {
      after: { at: string; id: number } | null;
      limit: number;
      status?: DocumentRow['status'];
      name?: string;
      /** ISO times: uploaded at or after, strictly before. */
      createdAfter?: string;
      createdBefore?: string;
    },
  ): Promise<DocumentSummary[]> {
    let q = this.db
      .selectFrom('documents')
      .selectAll()
      .where('user_id', '=', userId)
      .where('purpose', '=', 'document');
    const after = opts.after;
    if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.at, after.id)));
    if (opts.status) q = q.where('status', '=', opts.status);
    if (opts.name) q = q.where(contains('name', opts.name));
    if (opts.createdAfter) q = q.where('created_at', '>=', opts.createdAfter);
    if (opts.createdBefore) q = q.where('created_at', '<', opts.createdBefore);
    const rows = await q
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.limit + 1)
      .execute();
    const shares = await this.liveShares(rows.map((r) => r.id));
    return rows.map((r) => toSummary(r, shares.get(r.id) ?? this.noShare));
  }

  /** A user's document; a template's file is the template's, reached only through it. */
  row(userId: number, id: number): Promise<DocumentRow | undefined> {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('purpose', '=', 'document')
      .executeTakeFirst();
  }

  async get(userId: number, id: number): Promise<DocumentDetail | null> {
    const row = await this.row(userId, id);
    if (!row) return null;
    const [shares, placed] = await Promise.all([
      this.liveShares([id]),
      this.db
        .selectFrom('document_signatures')
        .selectAll()
        .where('document_id', '=', id)
        .orderBy('id')
        .execute(),
    ]);
    return toDetail(
      row,
      shares.get(id) ?? this.noShare,
      placed.map((p) => ({
        signatureId: p.signature_id,
        signatureReference: p.signature_reference,
        signerName: p.signer_name,
        position: { page: p.page, x: p.x, y: p.y, width: p.width, height: p.height },
        signedAt: p.signed_at,
      })),
    );
  }

  /** The original, or with `latest` the signed version once there is one. */
  async file(userId: number, id: number, latest: boolean) {
    const row = await this.row(userId, id);
    if (!row) return null;
    return this.fileOf(row, latest);
  }

  private async fileOf(row: DocumentRow, latest: boolean) {
    const signed = latest && row.signed_at !== null;
    const bytes = await this.files.get(row.id, signed ? 'signed' : 'original');
    if (!bytes) return null;
    return {
      bytes,
      name: signed ? `${row.name} (signed)` : row.name,
      document: row,
      // The signed version had it removed; the original keeps what was uploaded.
      active: !signed && activeContentOf(row).length > 0,
    };
  }

  /**
   * Rows, files, placements and share links go in one statement (foreign keys cascade). A document
   * waiting for signatures stays until its request is cancelled ('awaiting').
   */
  async delete(userId: number, id: number): Promise<DocumentRow | 'awaiting' | null> {
    const row = await this.db
      .deleteFrom('documents')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('purpose', '=', 'document')
      .where('status', '!=', 'awaiting')
      .returningAll()
      .executeTakeFirst();
    if (row?.signed_at) await this.transparency.appendToLog(documentLogEntry('document.deleted', row));
    if (row) return row;
    return (await this.row(userId, id))?.status === 'awaiting' ? 'awaiting' : null;
  }

  /** A new unguessable link (256 bits); only its hash is stored, so the link is shown once. */
  async share(userId: number, id: number) {
    const row = await this.row(userId, id);
    if (!row) return null;
    const token = randomToken(32);
    const now = this.clock.now();
    const expiresAt = iso(now + SHARE_LINK_TTL_DAYS * DAY_MS);
    await this.db
      .insertInto('share_links')
      .values({ document_id: id, token_hash: sha256(token), created_at: iso(now), expires_at: expiresAt })
      .execute();
    return { shareLink: `${this.publicUrl()}/shared/${token}`, expiresAt, document: row };
  }

  /** Kills every live share link of the owner's (not the recipients' ones); null when it is not the caller's. */
  async revokeShares(userId: number, id: number): Promise<DocumentRow | null> {
    const row = await this.row(userId, id);
    if (!row) return null;
    await this.db
      .updateTable('share_links')
      .set({ revoked_at: iso(this.clock.now()) })
      .where('document_id', '=', id)
      .where('request_id', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    return row;
  }

  private async sharedRow(token: string) {
    const now = iso(this.clock.now());
    const found = await this.db
      .selectFrom('share_links as l')
      .innerJoin('documents as d', 'd.id', 'l.document_id')
      .selectAll('d')
      .select('l.expires_at as link_expires_at')
      .where('l.token_hash', '=', sha256(token))
      .where('l.revoked_at', 'is', null)
      .where((eb) => eb.or([eb('l.expires_at', 'is', null), eb('l.expires_at', '>', now)]))
      .executeTakeFirst();
    if (!found) return null;
    const { link_expires_at, ...row } = found;
    return { row: row as DocumentRow, expiresAt: link_expires_at };
  }

  async shared(token: string): Promise<SharedDocument | null> {
    const found = await this.sharedRow(token);
    if (!found) return null;
    const { row } = found;
    return {
      name: row.name,
      status: row.status,
      originalFilename: row.original_filename,
      size: row.signed_at ? row.signed_size! : row.size,
      pageCount: currentPageCount(row),
      createdAt: row.created_at,
      signedAt: row.signed_at,
      reference: row.reference,
      signers: (await this.signers(row.id)).map((s) => s.name),
      fileUrl: `/api/shared/${token}/file`,
      expiresAt: found.expiresAt,
    };
  }

  async sharedFile(token: string) {
    const found = await this.sharedRow(token);
    return found ? this.fileOf(found.row, true) : null;
  }

  private async signers(documentId: number) {
    const rows = await this.db
      .selectFrom('document_signatures')
      .select(['signer_name', (eb) => eb.fn.min('signed_at').as('signed_at')])
      .where('document_id', '=', documentId)
      .groupBy('signer_name')
      .orderBy(sql`min(signed_at)`)
      .execute();
    return rows.map((r) => ({ name: r.signer_name, signedAt: r.signed_at }));
  }

  private async verification(
    row: DocumentRow,
    match: DocumentVerification['match'],
  ): Promise<DocumentVerification> {
    return {
      match,
      reference: row.reference!,
      name: row.name,
      signers: await this.signers(row.id),
      signedAt: row.signed_at!,
      originalSha256: row.sha256,
      signedSha256: row.signed_sha256!,
      ...(row.sealed_link ? { sealedLink: row.sealed_link } : {}),
    };
  }

  /** Only signed documents answer: an unsigned upload stays private even to someone holding it. */
  async checkHash(hash: string): Promise<DocumentVerification | null> {
    const signedMatch = await this.db
      .selectFrom('documents')
      .selectAll()
      .where('signed_sha256', '=', hash)
      .where('signed_at', 'is not', null)
      .orderBy('signed_at', 'desc')
      .executeTakeFirst();
    if (signedMatch) return this.verification(signedMatch, 'signed');
    const originalMatch = await this.db
      .selectFrom('documents')
      .selectAll()
      .where('sha256', '=', hash)
      .where('signed_at', 'is not', null)
      .orderBy('signed_at', 'desc')
      .executeTakeFirst();
    if (originalMatch) return this.verification(originalMatch, 'original');
    // A revision of a signing request (one per finished recipient): a prefix of the sealed file.
    const revisionMatch = await this.db
      .selectFrom('signing_revisions as v')
      .innerJoin('signing_requests as q', 'q.id', 'v.request_id')
      .innerJoin('documents as d', 'd.id', 'q.document_id')
      .selectAll('d')
      .select('v.number as revision_number')
      .where('v.sha256', '=', hash)
      .where('q.status', '=', 'completed')
      .where('d.signed_at', 'is not', null)
      .orderBy('d.signed_at', 'desc')
      .executeTakeFirst();
    if (!revisionMatch) return null;
    const { revision_number, ...doc } = revisionMatch;
    return { ...(await this.verification(doc, 'original')), revision: revision_number };
  }

  async byReference(reference: string): Promise<DocumentVerification | null> {
    const row = await this.db
      .selectFrom('documents')
      .selectAll()
      .where('reference', '=', reference)
      .where('signed_at', 'is not', null)
      .executeTakeFirst();
    return row ? this.verification(row, 'reference') : null;
  }

  verifyUrl(reference: string) {
    return documentVerificationUrl(this.publicUrl(), reference);
  }

  sign(user: UserRow, id: number, input: SignDocumentInput): Promise<SignOutcome> {
    return signDocument(this, user, id, input);
  }
}
