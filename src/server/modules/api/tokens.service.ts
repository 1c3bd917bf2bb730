import type { Db } from '#server/db/kysely.ts';
import type { ApiTokenRow, UserRow } from '#server/db/schema.ts';
import { BatchedCounter } from '#server/lib/batched-counter.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';
import type { DbRateLimiter } from '#server/lib/rate-limiter.ts';
import { API_TOKEN_PATTERN, API_TOKEN_PREFIX } from '#shared/api/scopes.ts';
import type { CreateTokenInput, TokenSummary } from '#shared/api/tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The window of the per-token call limit (the security setting counts calls per minute). */
export const CALL_WINDOW_MS = 60 * 1000;
/** Last use is written at most this often per token: a busy integration would otherwise write on every call. */
const TOUCH_EVERY_MS = 60 * 1000;

export type TokenCheck =
  | { kind: 'ok'; token: ApiTokenRow; user: UserRow; scopes: ReadonlySet<string> }
  | { kind: 'invalid' | 'expired' | 'revoked' | 'disabled' };

export const summary = (row: ApiTokenRow): TokenSummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes.split(' ').filter(Boolean),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  lastUsedIp: row.last_used_ip,
  revokedAt: row.revoked_at,
});

/**
 * Tokens for the public API. Only the SHA-256 of a token is stored (a token is 256 random bits,
 * so a plain hash is enough: there is nothing to guess); the token itself is shown once.
 */
export class ApiTokens {
  private readonly touched = new Map<number, number>();
  /**
   * Calls per token and minute, counted in memory and added to the shared database window once a
   * second (flushCalls, background.ts), as look-ups are (decision 034): no write per call.
   */
  private readonly calls: BatchedCounter;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    limiter: DbRateLimiter,
  ) {
    this.calls = new BatchedCounter(limiter, clock, 'api-token:', () => CALL_WINDOW_MS);
  }

  /** Counts a call of this token: the calls in the current minute (all instances, to within a second), and when it ends. */
  countCall(tokenId: number): { count: number; resetAt: number } {
    const key = String(tokenId);
    const count = this.calls.hit(key);
    return { count, resetAt: this.calls.resetAt(key) };
  }

  flushCalls(): Promise<void> {
    return this.calls.flush();
  }

  async create(userId: number, input: CreateTokenInput): Promise<{ token: string; row: ApiTokenRow }> {
    const secret = randomToken(32);
    const token = `${API_TOKEN_PREFIX}${secret}`;
    const now = this.clock.now();
    const row = await this.db
      .insertInto('api_tokens')
      .values({
        user_id: userId,
        name: input.name,
        token_hash: sha256(token),
        prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
        scopes: [...new Set(input.scopes)].join(' '),
        expires_at: input.expiresInDays === null ? null : iso(now + input.expiresInDays * DAY_MS),
        created_at: iso(now),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { token, row };
  }

  list(userId: number): Promise<ApiTokenRow[]> {
    return this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  /** Every user's tokens, newest first, with the owner's address (admins). */
  listAll(filter: { userId?: number }) {
    let q = this.db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .selectAll('api_tokens')
      .select('users.email as user_email');
    if (filter.userId !== undefined) q = q.where('api_tokens.user_id', '=', filter.userId);
    return q.orderBy('api_tokens.id', 'desc').limit(500).execute();
  }

  /** Revokes a token of this user (or of anyone, for an admin: `userId` null). False when there is none. */
  async revoke(userId: number | null, id: number): Promise<ApiTokenRow | null> {
    let q = this.db
      .updateTable('api_tokens')
      .set({ revoked_at: iso(this.clock.now()) })
      .where('id', '=', id)
      .where('revoked_at', 'is', null);
    if (userId !== null) q = q.where('user_id', '=', userId);
    const row = await q.returningAll().executeTakeFirst();
    if (row) return row;
    // Revoking twice answers as the first time did; another user's token stays unseen.
    let existing = this.db.selectFrom('api_tokens').selectAll().where('id', '=', id);
    if (userId !== null) existing = existing.where('user_id', '=', userId);
    return (await existing.executeTakeFirst()) ?? null;
  }

  /** The token behind an `Authorization: Bearer` value, with its owner. */
  async check(raw: string): Promise<TokenCheck> {
    if (!API_TOKEN_PATTERN.test(raw)) return { kind: 'invalid' };
    const found = await this.db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .selectAll('users')
      .select([
        'api_tokens.id as token_id',
        'api_tokens.name as token_name',
        'api_tokens.prefix as token_prefix',
        'api_tokens.scopes as token_scopes',
        'api_tokens.expires_at as token_expires_at',
        'api_tokens.created_at as token_created_at',
        'api_tokens.last_used_at as token_last_used_at',
        'api_tokens.last_used_ip as token_last_used_ip',
        'api_tokens.revoked_at as token_revoked_at',
      ])
      .where('api_tokens.token_hash', '=', sha256(raw))
      .executeTakeFirst();
    if (!found) return { kind: 'invalid' };
    const {
      token_id,
      token_name,
      token_prefix,
      token_scopes,
      token_expires_at,
      token_created_at,
      token_last_used_at,
      token_last_used_ip,
      token_revoked_at,
      ...user
    } = found;
    if (token_revoked_at) return { kind: 'revoked' };
    if (token_expires_at && Date.parse(token_expires_at) <= this.clock.now()) return { kind: 'expired' };
    if (user.disabled_at) return { kind: 'disabled' };
    const token: ApiTokenRow = {
      id: token_id,
      user_id: user.id,
      name: token_name,
      token_hash: '',
      prefix: token_prefix,
      scopes: token_scopes,
      expires_at: token_expires_at,
      created_at: token_created_at,
      last_used_at: token_last_used_at,
      last_used_ip: token_last_used_ip,
      revoked_at: token_revoked_at,
    };
    return { kind: 'ok', token, user, scopes: new Set(token_scopes.split(' ')) };
  }

  /** Records a use (time and address), at most once a minute per token. */
  async touch(tokenId: number, ip: string): Promise<void> {
    const now = this.clock.now();
    if (now - (this.touched.get(tokenId) ?? -Infinity) < TOUCH_EVERY_MS) return;
    this.touched.set(tokenId, now);
    if (this.touched.size > 10_000) this.touched.clear();
    await this.db
      .updateTable('api_tokens')
      .set({ last_used_at: iso(now), last_used_ip: ip })
      .where('id', '=', tokenId)
      .execute();
  }
}
