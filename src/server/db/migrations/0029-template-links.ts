import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

/**
 * A template's public link (`/d/{slug}`): one open role that any visitor fills after proving their
 * address, the other roles filled by the people set with the link (`assignees`, JSON by role
 * position, null at the open role). `submissions` counts the requests made through it, reserved
 * by a conditional update so that `max_submissions` holds under parallel visitors. A visitor's
 * pending code (`template_link_codes`) is bound to their browser session; each submission keeps
 * who came, from where, and the request it made.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);
  await db.schema
    .createTable('template_links')
    .addColumn('id', idType, idBuild)
    .addColumn('template_id', 'integer', (c) =>
      c.notNull().unique().references('templates.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('open_role', 'integer', (c) => c.notNull())
    .addColumn('assignees', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('max_submissions', 'integer')
    .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('template_link_codes')
    .addColumn('id', idType, idBuild)
    .addColumn('link_id', 'integer', (c) => c.notNull().references('template_links.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('template_link_codes_session_idx')
    .on('template_link_codes')
    .columns(['link_id', 'session_id', 'id'])
    .execute();

  await db.schema
    .createTable('template_link_submissions')
    .addColumn('id', idType, idBuild)
    .addColumn('link_id', 'integer', (c) => c.notNull().references('template_links.id').onDelete('cascade'))
    .addColumn('request_id', 'integer', (c) => c.references('signing_requests.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('template_link_submissions_link_idx')
    .on('template_link_submissions')
    .columns(['link_id', 'id'])
    .execute();
}
