import type { Db } from '../kysely.ts';

/** Indexes that keep the admin activity log fast at a million rows (bench/admin.ts). */
export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('activity_created_idx').execute();
  // (created_at, id) matches the list's ORDER BY, so a page is read from the index without a sort.
  await db.schema
    .createIndex('activity_created_id_idx')
    .on('activity_log')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.createIndex('activity_ip_idx').on('activity_log').columns(['ip', 'created_at']).execute();
  // the admin user list sorts by these
  await db.schema.createIndex('users_last_login_idx').on('users').columns(['last_login', 'id']).execute();
  await db.schema.createIndex('users_login_count_idx').on('users').columns(['login_count', 'id']).execute();
}
