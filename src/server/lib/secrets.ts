import type { Db } from '../db/kysely.ts';
import { randomToken } from './crypto.ts';

/**
 * Keys generated on first start and kept in the database, so every instance on one database
 * signs CSRF tokens and CAPTCHA answers alike. The first instance to insert wins.
 */
export async function loadSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomToken(32) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
