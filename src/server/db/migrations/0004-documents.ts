import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('documents')
    .addColumn('id', idType, idBuild)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('original_filename', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.unique())
    .addColumn('signed_sha256', 'text')
    .addColumn('signed_size', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text')
    .execute();
  await db.schema
    .createIndex('documents_user_idx')
    .on('documents')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('documents_sha256_idx').on('documents').column('sha256').execute();
  await db.schema
    .createIndex('documents_signed_sha256_idx')
    .on('documents')
    .column('signed_sha256')
    .execute();

  // Files point at their document (cascade): deleting a document, or its owner, takes its files too.
  await db.schema
    .createTable('files')
    .addColumn('id', idType, idBuild)
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('bytes', binary, (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('files_document_kind_uq', ['document_id', 'kind'])
    .execute();

  await db.schema
    .createTable('document_signatures')
    .addColumn('id', idType, idBuild)
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The signature may be deleted later; name and reference are kept as they were at signing.
    .addColumn('signature_id', 'integer', (c) => c.references('signatures.id').onDelete('set null'))
    .addColumn('signature_reference', 'text', (c) => c.notNull())
    .addColumn('signer_name', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('x', 'double precision', (c) => c.notNull())
    .addColumn('y', 'double precision', (c) => c.notNull())
    .addColumn('width', 'double precision', (c) => c.notNull())
    .addColumn('height', 'double precision', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('document_signatures_document_idx')
    .on('document_signatures')
    .column('document_id')
    .execute();

  await db.schema
    .createTable('share_links')
    .addColumn('id', idType, idBuild)
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('share_links_document_idx').on('share_links').column('document_id').execute();
}
