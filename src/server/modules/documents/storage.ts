import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export const MB = 1024 * 1024;

/**
 * Bytes a user stores: every original plus every signed version. Summed from `documents.size`
 * and `signed_size`, which are written with the files and equal their sizes: reading `files.size`
 * instead would make SQLite walk each file's overflow pages to reach the column after the bytes.
 */
export async function usedBytes(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) =>
      eb.fn
        .coalesce(eb.fn.sum<number>(eb('size', '+', eb.fn.coalesce('signed_size', eb.lit(0)))), eb.lit(0))
        .as('used'),
    )
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.used);
}

export async function usedBytesByUser(db: Kysely<Database>, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('documents')
    .select([
      'user_id',
      (eb) => eb.fn.sum<number>(eb('size', '+', eb.fn.coalesce('signed_size', eb.lit(0)))).as('used'),
    ])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.used)]));
}

/**
 * Takes the user's row lock for the rest of the transaction and reads the quota override. Two
 * uploads of one user then check and write one after the other: on PostgreSQL the second waits
 * here and its sum sees the first one's file; SQLite runs one writing transaction at a time anyway.
 * Returns undefined when the user is gone.
 */
export async function lockUserQuota(trx: Kysely<Database>, userId: number) {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ storage_quota_bytes: eb.ref('storage_quota_bytes') }))
    .where('id', '=', userId)
    .returning('storage_quota_bytes')
    .executeTakeFirst();
  return row
    ? { override: row.storage_quota_bytes === null ? null : Number(row.storage_quota_bytes) }
    : undefined;
}

export type DiskCheck = { kind: 'ok' } | { kind: 'low'; freeBytes: number };

/**
 * Free space on the disk of the data folder (or of its nearest existing parent: with PostgreSQL
 * the folder may never be made). With SQLite that disk holds every file; with PostgreSQL the files
 * live on the database server, whose disk this cannot see, and the check only keeps this host
 * from filling up (logs, temporary files of the PDF tools): watch the database's disk there.
 */
export async function checkFreeDisk(dataDir: string, minFreeMb: number): Promise<DiskCheck> {
  if (minFreeMb <= 0) return { kind: 'ok' };
  let dir = path.resolve(dataDir);
  for (;;) {
    try {
      const stats = await fs.statfs(dir);
      const freeBytes = stats.bavail * stats.bsize;
      return freeBytes < minFreeMb * MB ? { kind: 'low', freeBytes } : { kind: 'ok' };
    } catch (err) {
      const parent = path.dirname(dir);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || parent === dir) throw err;
      dir = parent;
    }
  }
}
