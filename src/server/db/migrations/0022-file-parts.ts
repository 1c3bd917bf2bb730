import { sql } from 'kysely';
import type { Db, Dialect } from '../kysely.ts';

/**
 * Decision 035: a document's file is written in parts before the transaction
 * that keeps it, each part in a statement of its own on a turn of its own, and read back the same
 * way. Written whole inside the transaction, a 1 MB file's COMMIT held the event loop ~1 ms on
 * SQLite (245 pages of log) and reading it back ~0.5 ms; every look-up waiting took that longer.
 *
 * Parts belong to a `blob` (a random key), not to a file row: they are written before the row
 * exists (an upload's document is created in the transaction that keeps its file). A file row
 * names its blob; deleting the row (or its document, by cascade) deletes its parts (trigger).
 * Parts no row names are a staging that never finished: removed once stale. `parts` is 0 for a
 * file whose bytes are in its own row (every file before this migration).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .alterTable('files')
    .addColumn('parts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('files').addColumn('blob', 'text').execute();
  await db.schema.createIndex('files_blob_idx').on('files').column('blob').execute();
  await db.schema
    .createTable('file_parts')
    .addColumn('blob', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('bytes', binary, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_parts_pk', ['blob', 'n'])
    .execute();
  if (dialect === 'postgres') {
    await sql`
      create function files_parts_gone() returns trigger language plpgsql as $$
      begin
        delete from file_parts where blob = old.blob;
        return old;
      end $$`.execute(db);
    await sql`
      create trigger files_parts_gone after delete on files
      for each row when (old.blob is not null) execute function files_parts_gone()`.execute(db);
  } else {
    await sql`
      create trigger files_parts_gone after delete on files
      for each row when old.blob is not null
      begin
        delete from file_parts where blob = old.blob;
      end`.execute(db);
  }
}
