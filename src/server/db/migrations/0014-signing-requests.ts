import { sql } from 'kysely';
import type { Db, Dialect } from '../kysely.ts';
import { idColumn } from './0001-accounts.ts';

/**
 * Signing requests (decision 026). A request belongs to a document and its owner; its
 * recipients, their links, fields, audit events, identity codes and revision hashes go with it (cascade). The
 * latest revision's bytes are a `files` row of kind 'revision'. `documents.status` gains
 * 'awaiting' (a request is open) and 'completed' (sealed after a request). Signatures made through a
 * request are rows of `signatures` (public, no owner) that say whose and on what, for /verify.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const [idType, idBuild] = idColumn(dialect);

  await db.schema
    .createTable('signing_requests')
    .addColumn('id', idType, idBuild)
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('signing_order', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('reminder_first_days', 'integer')
    .addColumn('reminder_every_days', 'integer')
    .addColumn('require_code', 'integer', (c) => c.notNull())
    // Compare-and-set counter: a recipient's revision lands only on the revision it was made from.
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createIndex('signing_requests_document_idx')
    .on('signing_requests')
    .columns(['document_id', 'id'])
    .execute();
  // One open request per document, whichever instance creates it.
  await db.schema
    .createIndex('signing_requests_one_active_uq')
    .on('signing_requests')
    .column('document_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema
    .createIndex('signing_requests_open_idx')
    .on('signing_requests')
    .columns(['status', 'expires_at'])
    .execute();

  await db.schema
    .createTable('signing_recipients')
    .addColumn('id', idType, idBuild)
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('signing_requests.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('opened_at', 'text')
    .addColumn('code_verified_at', 'text')
    .addColumn('signed_at', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('decline_reason', 'text')
    .addColumn('last_reminded_at', 'text')
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('signature_id', 'integer', (c) => c.references('signatures.id').onDelete('set null'))
    .addUniqueConstraint('signing_recipients_email_uq', ['request_id', 'email'])
    .execute();
  await db.schema
    .createIndex('signing_recipients_request_idx')
    .on('signing_recipients')
    .columns(['request_id', 'position'])
    .execute();

  // Personal links: only the token's SHA-256 is kept. A resend revokes the others; a reminder adds one.
  await db.schema
    .createTable('signing_links')
    .addColumn('id', idType, idBuild)
    .addColumn('recipient_id', 'integer', (c) =>
      c.notNull().references('signing_recipients.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('signing_links_recipient_idx')
    .on('signing_links')
    .column('recipient_id')
    .execute();

  await db.schema
    .createTable('signing_fields')
    .addColumn('id', idType, idBuild)
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('signing_requests.id').onDelete('cascade'),
    )
    .addColumn('recipient_id', 'integer', (c) =>
      c.notNull().references('signing_recipients.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('x', 'double precision', (c) => c.notNull())
    .addColumn('y', 'double precision', (c) => c.notNull())
    .addColumn('width', 'double precision', (c) => c.notNull())
    .addColumn('height', 'double precision', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('value', 'text')
    .execute();
  await db.schema
    .createIndex('signing_fields_recipient_idx')
    .on('signing_fields')
    .columns(['recipient_id', 'position'])
    .execute();
  await db.schema
    .createIndex('signing_fields_request_idx')
    .on('signing_fields')
    .column('request_id')
    .execute();

  await db.schema
    .createTable('signing_events')
    .addColumn('id', idType, idBuild)
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('signing_requests.id').onDelete('cascade'),
    )
    .addColumn('recipient_id', 'integer', (c) => c.references('signing_recipients.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signing_events_request_idx')
    .on('signing_events')
    .columns(['request_id', 'id'])
    .execute();

  // Identity codes: only the hash is kept; `session_id` is the browser session that confirmed it.
  await db.schema
    .createTable('signing_codes')
    .addColumn('id', idType, idBuild)
    .addColumn('recipient_id', 'integer', (c) =>
      c.notNull().references('signing_recipients.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('session_id', 'text')
    .execute();
  await db.schema
    .createIndex('signing_codes_recipient_idx')
    .on('signing_codes')
    .column('recipient_id')
    .execute();

  await db.schema
    .createTable('signing_revisions')
    .addColumn('id', idType, idBuild)
    .addColumn('request_id', 'integer', (c) =>
      c.notNull().references('signing_requests.id').onDelete('cascade'),
    )
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('recipient_id', 'integer', (c) => c.references('signing_recipients.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // JSON [{ page, rect }]: where this revision's QR stamps went, so later ones avoid them.
    .addColumn('stamps', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('signing_revisions_number_uq', ['request_id', 'number'])
    .execute();
  await db.schema
    .createIndex('signing_revisions_sha256_idx')
    .on('signing_revisions')
    .column('sha256')
    .execute();

  // A request's signature outlives the document (its QR is on copies people keep), so what the
  // public page shows is copied onto it: the masked address and the document's name.
  await db.schema
    .alterTable('signatures')
    .addColumn('request_id', 'integer', (c) => c.references('signing_requests.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('signatures').addColumn('signer_email_masked', 'text').execute();
  await db.schema.alterTable('signatures').addColumn('document_name', 'text').execute();
}
