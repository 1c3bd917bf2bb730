import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('signatures')
    .addColumn('id', idType, idBuild)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('reference_number', 'text', (c) => c.notNull().unique())
    .addColumn('signer_name', 'text')
    .addColumn('additional_data', 'text')
    .addColumn('qr_code_data', 'text')
    .addColumn('image_data', 'text')
    .addColumn('verification_image', binary)
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('purged_at', 'text')
    .addColumn('lookup_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_verified_at', 'text')
    .execute();
  await db.schema
    .createIndex('signatures_user_idx')
    .on('signatures')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('signatures_expires_idx').on('signatures').column('expires_at').execute();
}
