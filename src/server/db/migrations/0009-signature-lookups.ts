import { sql } from 'kysely';
import type { Db } from '../kysely.ts';

/**
 * Look-up counts move out of `signatures` into a narrow table of their own. Every verification
 * bumps one count; in the wide signatures table a flush of a second's look-ups rewrote thousands
 * of pages (each row carries images and text), in this table a page holds a hundred counts, so the
 * same flush writes about a fifth of the pages and the signatures pages that look-ups read stay
 * untouched (bench/lookups.ts: flush cost per look-up 13-19 µs -> 3-4.5 µs).
 *
 * No foreign key: a flush must not fail because a signature was deleted after its look-up, and
 * ids are never reused (AUTOINCREMENT, serial); rows left by deleted signatures are swept by the
 * periodic clean-up job.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('signature_lookups')
    .addColumn('signature_id', 'integer', (c) => c.primaryKey())
    .addColumn('lookup_count', 'integer', (c) => c.notNull())
    .addColumn('last_verified_at', 'text', (c) => c.notNull())
    .execute();
  await sql`
    insert into signature_lookups (signature_id, lookup_count, last_verified_at)
    select id, lookup_count, coalesce(last_verified_at, created_at) from signatures where lookup_count > 0
  `.execute(db);
  await db.schema.alterTable('signatures').dropColumn('lookup_count').execute();
  await db.schema.alterTable('signatures').dropColumn('last_verified_at').execute();
}
