import Fastify from 'fastify';
import SQLite from 'better-sqlite3';

/**
 * The floor under the look-up: bare Fastify answering GET /api/signatures/reference/{ref} from the
 * same SQLite file with one prepared point query, and nothing else (no hooks, no validation, no
 * limiter, no counts). The gap between this and the product is what our own per-request work costs.
 */
const db = new SQLite(process.env.BENCH_DB!, { readonly: true });
db.pragma('mmap_size = 268435456');
// the columns the product's look-up reads (verification.service.ts)
const byRef = db.prepare(
  `select id, user_id, reference_number, signer_name, additional_data, created_at, expires_at,
   is_public, revoked_at, purged_at, image_token from signatures where reference_number = ?`,
);
const app = Fastify();
app.get<{ Params: { ref: string } }>('/api/signatures/reference/:ref', async (req, reply) => {
  const row = byRef.get(req.params.ref) as Record<string, unknown> | undefined;
  if (!row) return reply.code(404).send({ message: 'not found' });
  return {
    id: row.id,
    signerName: row.signer_name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    additionalData: row.additional_data,
    referenceNumber: row.reference_number,
    signatureData: row.image_token
      ? `/api/signatures/${row.id}/verification-image?sig=${row.image_token}`
      : '',
    isRegisteredUser: row.user_id !== null,
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
// a clean exit, so that BENCH_PROFILE's --cpu-prof writes this process's profile
process.on('SIGTERM', () => process.exit(0));
