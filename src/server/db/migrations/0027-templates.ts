import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

/**
 * Templates (decision 044): a reusable file with roles instead of people, the fields of each role
 * and the request's defaults. The file is a `documents` row whose purpose is 'template', hidden from the
 * documents lists and counted in its owner's storage; each use copies it into a new document. A
 * field's `field_key` names a value given at each use, shown to its recipient as `prefill`
 * (`prefill_locked`: read-only). A request made from a template names it, for its owner's lists.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);
  await db.schema
    .alterTable('documents')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('document'))
    .execute();

  await db.schema
    .createTable('templates')
    .addColumn('id', idType, idBuild)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Null once the file's row is gone: the template stays, to be deleted, but cannot be used.
    .addColumn('document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('signing_order', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('expiry_days', 'integer', (c) => c.notNull())
    .addColumn('reminder_first_days', 'integer')
    .addColumn('reminder_every_days', 'integer')
    .addColumn('require_code', 'integer', (c) => c.notNull())
    .addColumn('recipients_download_link', 'integer', (c) => c.notNull())
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('templates_user_idx').on('templates').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('template_roles')
    .addColumn('id', idType, idBuild)
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addUniqueConstraint('template_roles_position_uq', ['template_id', 'position'])
    .execute();

  await db.schema
    .createTable('template_fields')
    .addColumn('id', idType, idBuild)
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('role_position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('x', 'real', (c) => c.notNull())
    .addColumn('y', 'real', (c) => c.notNull())
    .addColumn('width', 'real', (c) => c.notNull())
    .addColumn('height', 'real', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('field_key', 'text')
    .addColumn('default_value', 'text')
    .addColumn('editable', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('template_fields_template_idx')
    .on('template_fields')
    .columns(['template_id', 'position'])
    .execute();

  await db.schema
    .alterTable('signing_requests')
    .addColumn('template_id', 'integer', (c) => c.references('templates.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('signing_fields').addColumn('field_key', 'text').execute();
  await db.schema.alterTable('signing_fields').addColumn('prefill', 'text').execute();
  await db.schema
    .alterTable('signing_fields')
    .addColumn('prefill_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
