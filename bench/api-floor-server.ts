import SQLite from 'better-sqlite3';
import Fastify from 'fastify';

/**
 * The floor under GET /api/v1/documents: bare Fastify running the same two queries (a page of the
 * user's documents after the cursor, and their live share links) from the SQLite file BENCH_DB,
 * answering the same JSON shape, and nothing else: no token, no limiter, no validation, no
 * serialiser. The gap between this and the product is what our own per-call work costs.
 */
const db = new SQLite(process.env.BENCH_DB!, { readonly: true });
const userId = Number(process.env.BENCH_USER_ID);
const page = db.prepare(
  `select * from documents where user_id = ? and (created_at, id) < (?, ?)
   order by created_at desc, id desc limit ?`,
);
type Row = Record<string, string | number | null>;
const app = Fastify();
app.get<{ Querystring: { cursor?: string; limit?: string } }>('/api/v1/documents', async (req) => {
  const limit = Number(req.query.limit ?? 50);
  const after = req.query.cursor
    ? (JSON.parse(Buffer.from(req.query.cursor, 'base64url').toString()) as { id: number; at: string })
    : { at: '9999', id: 0 };
  const rows = page.all(userId, after.at, after.id, limit + 1) as Row[];
  const ids = rows.map((r) => r.id);
  const shares = db
    .prepare(
      `select document_id, max(expires_at) as expires_at from share_links where document_id in (${ids.map(() => '?').join(',') || 'null'})
       and request_id is null and revoked_at is null and (expires_at is null or expires_at > ?) group by document_id`,
    )
    .all(...ids, new Date().toISOString()) as Row[];
  const shared = new Map(shares.map((s) => [s.document_id, s.expires_at]));
  const items = rows.slice(0, limit).map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    originalFilename: r.original_filename,
    mimeType: r.mime_type,
    size: r.size,
    pageCount: r.page_count,
    signedAt: r.signed_at,
    reference: r.reference,
    sha256: r.sha256,
    signedSha256: r.signed_sha256,
    signedSize: r.signed_size,
    signedPageCount: r.signed_page_count,
    shared: shared.has(r.id),
    shareExpiresAt: shared.get(r.id) ?? null,
    activeContent: [],
  }));
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  const cursor = last ? { id: last.id, at: last.created_at } : null;
  return { items, nextCursor: cursor ? Buffer.from(JSON.stringify(cursor)).toString('base64url') : null };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => process.exit(0));
