import { sql } from 'kysely';
import type { Db } from '../kysely.ts';

/**
 * The pages of the file the owner gets once a document is signed. Signing appends
 * the certificate page, a completed signing request its audit pages (as many as its events need),
 * so the count is stored with the signed file instead of guessed from the upload's.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('documents').addColumn('signed_page_count', 'integer').execute();
  // Signed by their owner: exactly one certificate page. A completed request's audit pages were
  // not counted before; those rows keep null and show the upload's pages until signed again.
  await sql`update documents set signed_page_count = page_count + 1 where status = 'signed'`.execute(db);
}
