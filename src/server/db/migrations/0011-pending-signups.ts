import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

/**
 * Sign-up is e-mail first (decision 018): the account is created only when the mailed link is
 * opened, so until then the request waits here. One row per address (a new request replaces the
 * older one); the token is kept as its SHA-256 only.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);
  await db.schema
    .createTable('pending_signups')
    .addColumn('id', idType, idBuild)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_signups_expires_idx')
    .on('pending_signups')
    .column('expires_at')
    .execute();
}
