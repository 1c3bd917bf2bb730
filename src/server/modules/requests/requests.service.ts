import type { Transaction } from 'kysely';
import type {
  RequestListResponse,
  RequestStatus,
  RequestSummary,
  SigningRequest,
} from '#shared/requests/schemas.ts';
import type { Db } from '#server/db/kysely.ts';
import type { Database, SigningRequestRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import type { WarnLog } from '#server/lib/write-in-chunks.ts';
import type { FileStore } from '../documents/file-store.ts';
import type { SigningIdentityStore } from '../documents/signing-identity.ts';
import type { SignaturesService } from '../signatures/signatures.service.ts';
import type { TransparencyHook } from '../seals/hook.ts';
import { SYSTEM, recordEvent } from './audit.ts';
import { expiredMail, type RequestMail } from './mails.ts';
import type { RequestPdf } from './pdf-adapter.ts';
import type { RequestScheduler } from './scheduler.ts';
import { revokeLinks } from './tokens.ts';
import type { EventSink } from '#server/modules/webhooks/events.service.ts';
import { loadRequest } from './views.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

const SUMMARY_COLUMNS = [
  'q.id',
  'q.document_id',
  'd.name',
  'q.status',
  'q.signing_order',
  'q.created_at',
  'q.expires_at',
  'q.ended_at',
] as const;
type SummaryRow = Pick<
  SigningRequestRow,
  'id' | 'document_id' | 'status' | 'signing_order' | 'created_at' | 'expires_at' | 'ended_at'
> & { name: string };

/** A mail to send once the transaction that decided it has committed. */
export interface Outgoing {
  to: string;
  mail: RequestMail;
  link: string;
}

export interface RequestDeps {
  db: Db;
  clock: Clock;
  publicUrl: () => string;
  files: FileStore;
  identity: SigningIdentityStore;
  signatures: SignaturesService;
  /** The transparency log and seals: a completed request's document is sealed and logged. */
  transparency: TransparencyHook;
  pdf: () => RequestPdf;
  scheduler: RequestScheduler;
  send: (out: Outgoing) => void;
  /** The owner's events (feed and webhooks): told after a change commits. */
  events: EventSink;
  log: WarnLog & { error: (obj: object, msg: string) => void };
}

/** Thrown inside a transaction to roll it back with a known outcome. */
export class Rollback<T> extends Error {
  constructor(readonly outcome: T) {
    super('rolled back');
  }
}

/** Signing requests: the rules and queries. The flows live beside it (compose, recipient, finish, completion). */
export class RequestsService {
  constructor(readonly deps: RequestDeps) {}

  get transparency() {
    return this.deps.transparency;
  }

  get db() {
    return this.deps.db;
  }

  now() {
    return this.deps.clock.now();
  }

  documentLink(documentId: number) {
    return `${this.deps.publicUrl()}/documents/${documentId}`;
  }

  sendAll(out: Outgoing[]) {
    for (const o of out) this.deps.send(o);
  }

  ownedDocument(userId: number, documentId: number) {
    return this.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', documentId)
      .where('user_id', '=', userId)
      .where('purpose', '=', 'document')
      .executeTakeFirst();
  }

  ownedRequest(userId: number, requestId: number) {
    return this.db
      .selectFrom('signing_requests')
      .selectAll()
      .where('id', '=', requestId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async view(request: SigningRequestRow): Promise<SigningRequest> {
    const doc = await this.db
      .selectFrom('documents')
      .select('name')
      .where('id', '=', request.document_id)
      .executeTakeFirstOrThrow();
    return loadRequest(this.db, request, doc.name);
  }

  /** GET /api/requests: one page of the user's requests, newest first, each with its recipients' states. */
  async list(
    userId: number,
    q: { status?: RequestStatus; page: number; pageSize: number },
  ): Promise<RequestListResponse> {
    let base = this.db.selectFrom('signing_requests as q').where('q.user_id', '=', userId);
    if (q.status) base = base.where('q.status', '=', q.status);
    const [rows, count] = await Promise.all([
      base
        .innerJoin('documents as d', 'd.id', 'q.document_id')
        .select(SUMMARY_COLUMNS)
        .orderBy('q.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { total: Number(count.n), items: await this.summaries(rows) };
  }

  /**
   * One page of the user's requests, newest first, strictly before the id `before` (the public
   * API's cursor): `limit + 1` rows, so the caller knows whether another page follows.
   */
  async page(
    userId: number,
    opts: { before: number | null; limit: number; status?: RequestStatus; documentId?: number },
  ): Promise<RequestSummary[]> {
    let q = this.db
      .selectFrom('signing_requests as q')
      .innerJoin('documents as d', 'd.id', 'q.document_id')
      .select(SUMMARY_COLUMNS)
      .where('q.user_id', '=', userId);
    if (opts.before !== null) q = q.where('q.id', '<', opts.before);
    if (opts.status) q = q.where('q.status', '=', opts.status);
    if (opts.documentId !== undefined) q = q.where('q.document_id', '=', opts.documentId);
    const rows = await q
      .orderBy('q.id', 'desc')
      .limit(opts.limit + 1)
      .execute();
    return this.summaries(rows);
  }

  private async summaries(rows: SummaryRow[]): Promise<RequestSummary[]> {
    const recipients = rows.length
      ? await this.db
          .selectFrom('signing_recipients')
          .select(['id', 'request_id', 'name', 'email', 'role', 'status', 'signed_at', 'declined_at'])
          .where(
            'request_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('position')
          .execute()
      : [];
    return rows.map((r) => ({
      id: r.id,
      documentId: r.document_id,
      documentName: r.name,
      status: r.status,
      order: r.signing_order,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
      endedAt: r.ended_at,
      recipients: recipients
        .filter((x) => x.request_id === r.id)
        .map((x) => ({
          id: x.id,
          name: x.name,
          email: x.email,
          role: x.role,
          status: x.status,
          signedAt: x.signed_at,
          declinedAt: x.declined_at,
        })),
    }));
  }

  /** One of the user's requests as its owner sees it (one past its expiry is expired first), or null. */
  async owned(userId: number, requestId: number): Promise<SigningRequest | null> {
    let request = await this.ownedRequest(userId, requestId);
    if (request?.status === 'active' && Date.parse(request.expires_at) <= this.now()) {
      await this.expire(request.id);
      request = await this.ownedRequest(userId, requestId);
    }
    return request ? this.view(request) : null;
  }

  /** GET …/requests/current: the document's latest request (an overdue one is expired first). */
  async current(userId: number, documentId: number): Promise<{ request: SigningRequest | null } | null> {
    const doc = await this.ownedDocument(userId, documentId);
    if (!doc) return null;
    let latest = await this.latestRequest(documentId);
    if (latest?.status === 'active' && Date.parse(latest.expires_at) <= this.now()) {
      await this.expire(latest.id);
      latest = await this.latestRequest(documentId);
    }
    return { request: latest ? await loadRequest(this.db, latest, doc.name) : null };
  }

  private latestRequest(documentId: number) {
    return this.db
      .selectFrom('signing_requests')
      .selectAll()
      .where('document_id', '=', documentId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Stops an open request: every link dies, the document is pending again (its original intact),
   * the signatures made through it are revoked. False when it was no longer open.
   */
  async end(
    trx: Transaction<Database>,
    request: Pick<SigningRequestRow, 'id' | 'document_id'>,
    status: 'cancelled' | 'declined' | 'expired',
    at: string,
  ): Promise<boolean> {
    const ended = await trx
      .updateTable('signing_requests')
      .set({ status, ended_at: at, updated_at: at })
      .where('id', '=', request.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) return false;
    const recipients = await trx
      .selectFrom('signing_recipients')
      .select('id')
      .where('request_id', '=', request.id)
      .execute();
    await revokeLinks(
      trx,
      recipients.map((r) => r.id),
      at,
    );
    if (status === 'expired') {
      await trx
        .updateTable('signing_recipients')
        .set({ status: 'expired' })
        .where('request_id', '=', request.id)
        .where('status', 'in', ['waiting', 'sent', 'opened'])
        .execute();
    }
    await trx
      .updateTable('documents')
      .set({ status: 'pending', updated_at: at })
      .where('id', '=', request.document_id)
      .where('status', '=', 'awaiting')
      .execute();
    await this.deps.files.removeRevisions(trx, request.document_id);
    await trx
      .updateTable('signatures')
      .set({ revoked_at: at })
      .where('request_id', '=', request.id)
      .where('revoked_at', 'is', null)
      .execute();
    return true;
  }

  /** The expiry: the request stops and its owner is told. Nothing happens before its time. */
  async expire(requestId: number): Promise<'expired' | 'not-due' | 'not-open'> {
    const request = await this.db
      .selectFrom('signing_requests as q')
      .innerJoin('documents as d', 'd.id', 'q.document_id')
      .innerJoin('users as u', 'u.id', 'q.user_id')
      .select(['q.id', 'q.document_id', 'q.user_id', 'q.status', 'q.expires_at', 'd.name', 'u.email'])
      .where('q.id', '=', requestId)
      .executeTakeFirst();
    if (!request || request.status !== 'active') return 'not-open';
    if (Date.parse(request.expires_at) > this.now()) return 'not-due';
    const at = iso(this.now());
    const ended = await this.db.transaction().execute(async (trx) => {
      if (!(await this.end(trx, request, 'expired', at))) return false;
      await recordEvent(trx, { requestId, kind: 'expired', actor: SYSTEM, at });
      return true;
    });
    if (!ended) return 'not-open';
    await this.deps.events.emit(request.user_id, 'request.expired', {
      requestId,
      documentId: request.document_id,
      documentName: request.name,
    });
    const link = this.documentLink(request.document_id);
    this.deps.send({ to: request.email, mail: expiredMail(request.name, link), link });
    return 'expired';
  }
}
