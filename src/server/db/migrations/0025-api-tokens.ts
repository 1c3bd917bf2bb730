import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

/**
 * The public API: tokens a user makes for their own systems (stored as SHA-256, like every other
 * token here, with the scopes they were given), and the first answer to each `Idempotency-Key`
 * a token sent, so a retried POST gets that answer instead of doing the work twice.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', idType, idBuild)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // the first characters after `ink_`, so a user can tell tokens apart without the secret
    .addColumn('prefix', 'text', (c) => c.notNull())
    // space-separated, as OAuth writes scopes
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_ip', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('token_id', 'integer', (c) => c.notNull().references('api_tokens.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    // SHA-256 of the method, path and body: the same key with another request is refused
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // null while the first request with this key is still running
    .addColumn('status', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['token_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}
