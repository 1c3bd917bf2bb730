import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * The floor under the look-up: bare Fastify answering GET /api/signatures/reference/{ref} with one
 * point query, and nothing else (no hooks, no validation, no limiter, no counts): from the SQLite
 * file BENCH_DB, or from PostgreSQL (BENCH_PG_URL, a prepared statement on a pool of 10). The gap
 * between this and the product is what our own per-request work costs.
 */
// the columns the product's look-up reads (verification.service.ts)
const columns = `id, user_id, reference_number, signer_name, additional_data, created_at, expires_at,
   is_public, revoked_at, purged_at, image_token`;
type Row = Record<string, unknown>;
let byRef: (ref: string) => Promise<Row | undefined>;
if (process.env.BENCH_PG_URL) {
  const pool = new pg.Pool({ connectionString: process.env.BENCH_PG_URL, max: 10 });
  const text = `select ${columns} from signatures where reference_number = $1`;
  byRef = async (ref) => (await pool.query({ name: 'by-ref', text, values: [ref] })).rows[0] as Row;
} else {
  const db = new SQLite(process.env.BENCH_DB!, { readonly: true });
  db.pragma('mmap_size = 268435456');
  const stmt = db.prepare(`select ${columns} from signatures where reference_number = ?`);
  byRef = (ref) => Promise.resolve(stmt.get(ref) as Row | undefined);
}
const app = Fastify();
app.get<{ Params: { ref: string } }>('/api/signatures/reference/:ref', async (req, reply) => {
  const row = await byRef(req.params.ref);
  if (!row) return reply.code(404).send({ message: 'not found' });
  return {
    id: row.id,
    signerName: row.signer_name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    additionalData: row.additional_data,
    referenceNumber: row.reference_number,
    signatureData: row.image_token
      ? `/api/signatures/${String(row.id)}/verification-image?sig=${String(row.image_token)}`
      : '',
    isRegisteredUser: row.user_id !== null,
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
// a clean exit, so that BENCH_PROFILE's --cpu-prof writes this process's profile
process.on('SIGTERM', () => process.exit(0));
