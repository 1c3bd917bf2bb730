import type { Db, Dialect } from '../kysely.ts';

/**
 * Storage quotas. `users.storage_quota_bytes`: an admin's per-user override of the default
 * quota in the security settings (null = the default); bigint on PostgreSQL, whose integer stops
 * at 2 GB. `documents.active_content`: what the upload check found that runs code or opens
 * something (comma-separated kinds, '' = nothing, null = uploaded before the check existed).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('storage_quota_bytes', dialect === 'postgres' ? 'bigint' : 'integer')
    .execute();
  await db.schema.alterTable('documents').addColumn('active_content', 'text').execute();
}
