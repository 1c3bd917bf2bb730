import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { sha256 } from '#server/lib/crypto.ts';
import { conflict, invalid, unprocessable } from '#server/lib/outcomes.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HEADER = 'idempotency-key';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds, to store its answer under (onSend). */
    idempotencyKey: { tokenId: number; key: string } | null;
  }
}

/**
 * `Idempotency-Key` on POST (the IETF draft's semantics, as Stripe and others answer it): the
 * first request with a key runs and its answer is kept for 24 hours; the same key with the same
 * request gets that answer again (`Idempotent-Replayed: true`), with another request 422, and
 * while the first is still running 409. Answers of 5xx and 429 are not kept, so a retry runs.
 */
export class Idempotency {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Claims the request's key, or answers from a kept answer. Returns true when the reply was
   * sent. `extra` joins the fingerprint when the body is read by the route (a multipart upload
   * passes its file's hash).
   */
  async begin(req: FastifyRequest, reply: FastifyReply, tokenId: number, extra = ''): Promise<boolean> {
    const key = req.headers[HEADER];
    if (key === undefined) return false;
    if (typeof key !== 'string' || key.length === 0 || key.length > 255 || /[^\x20-\x7e]/.test(key))
      throw invalid('The Idempotency-Key must be 1 to 255 printable characters', {
        code: 'idempotency_key_invalid',
      });
    const fingerprint = sha256(JSON.stringify([req.method, req.url.split('?')[0], req.body ?? null, extra]));
    const now = this.clock.now();
    for (let attempt = 0; attempt < 2; attempt++) {
      const inserted = await this.db
        .insertInto('idempotency_keys')
        .values({ token_id: tokenId, key, fingerprint, created_at: iso(now) })
        .onConflict((oc) => oc.columns(['token_id', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
        req.idempotencyKey = { tokenId, key };
        return false;
      }
      const kept = await this.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('token_id', '=', tokenId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!kept) continue;
      if (Date.parse(kept.created_at) <= now - DAY_MS) {
        await this.forget(tokenId, key);
        continue;
      }
      if (kept.fingerprint !== fingerprint)
        throw unprocessable('This Idempotency-Key was used with another request within 24 hours', {
          code: 'idempotency_key_reused',
        });
      if (kept.status === null)
        throw conflict('A request with this Idempotency-Key is still running', {
          code: 'idempotency_key_in_use',
        });
      await reply
        .code(kept.status)
        .type(kept.content_type ?? 'application/json; charset=utf-8')
        .header('Idempotent-Replayed', 'true')
        .send(kept.body ?? '');
      return true;
    }
    throw conflict('A request with this Idempotency-Key is still running', {
      code: 'idempotency_key_in_use',
    });
  }

  /** Keeps the answer of the request that claimed a key (onSend), or frees the key for a retry. */
  async finish(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    const held = req.idempotencyKey;
    if (!held) return;
    req.idempotencyKey = null;
    const status = reply.statusCode;
    if (status >= 500 || status === 429 || (typeof payload !== 'string' && payload !== null)) {
      await this.forget(held.tokenId, held.key);
      return;
    }
    await this.db
      .updateTable('idempotency_keys')
      .set({
        status,
        content_type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body: payload ?? '',
      })
      .where('token_id', '=', held.tokenId)
      .where('key', '=', held.key)
      .execute();
  }

  private async forget(tokenId: number, key: string) {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('token_id', '=', tokenId)
      .where('key', '=', key)
      .execute();
  }

  /** Drops answers older than 24 hours (the ten-minute clean-up). */
  async purgeExpired(): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', iso(this.clock.now() - DAY_MS))
      .execute();
  }
}
