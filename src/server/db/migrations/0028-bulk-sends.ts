import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

/**
 * Bulk sends of a template (decision 044): one row per CSV line, each sent as its own signing
 * request by the job queue. A row names the document copied for it before its request is made,
 * and the request names its row (unique), so a run resumed after a crash reuses the one and never
 * makes a second request for a row.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);
  await db.schema
    .createTable('bulk_sends')
    .addColumn('id', idType, idBuild)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.references('templates.id').onDelete('set null'))
    .addColumn('template_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    // One runner at a time: a run holds the send until then, and a crashed one's hold runs out.
    .addColumn('lease_until', 'text')
    .execute();
  await db.schema.createIndex('bulk_sends_user_idx').on('bulk_sends').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('bulk_rows')
    .addColumn('id', idType, idBuild)
    .addColumn('bulk_id', 'integer', (c) => c.notNull().references('bulk_sends.id').onDelete('cascade'))
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('request_id', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('bulk_rows_n_uq', ['bulk_id', 'n'])
    .execute();
  // The runner takes a send's next pending rows in order.
  await db.schema
    .createIndex('bulk_rows_status_idx')
    .on('bulk_rows')
    .columns(['bulk_id', 'status', 'n'])
    .execute();

  await db.schema.alterTable('signing_requests').addColumn('bulk_row_id', 'integer').execute();
  await db.schema
    .createIndex('signing_requests_bulk_row_uq')
    .on('signing_requests')
    .column('bulk_row_id')
    .unique()
    .execute();
}
