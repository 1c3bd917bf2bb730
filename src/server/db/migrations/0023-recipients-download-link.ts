import { sql } from 'kysely';
import type { Db } from '../kysely.ts';

/**
 * A completed request mails each recipient a download link of the final PDF (a share link). The
 * owner chooses it when sending and may turn it off later, so a request keeps the choice and its
 * links name it: they are the recipients' links, not the owner's own share links. Links made by
 * completions before this migration are found by the moment they were made (the request's end).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('signing_requests')
    .addColumn('recipients_download_link', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('share_links')
    .addColumn('request_id', 'integer', (c) => c.references('signing_requests.id').onDelete('cascade'))
    .execute();
  await sql`
    update share_links set request_id = (
      select q.id from signing_requests q
      where q.document_id = share_links.document_id and q.status = 'completed'
        and q.ended_at = share_links.created_at
    )`.execute(db);
}
