import { sql } from 'kysely';
import type { Db, Dialect } from '../kysely.ts';

/**
 * A signature's images move to a table of their own, so the row a verification reads is small.
 *
 * In SQLite a row carrying a drawn signature (a 12 KB data URL and an 11 KB watermarked copy)
 * fills a page of its own plus a chain of overflow pages: 100,000 signatures made a 2.4 GB table
 * in which every look-up landed on a different page, far beyond the memory map, and the columns
 * after `image_data` were read by walking that chain. With the images apart, the same 100,000
 * rows take a few MB and a look-up reads one or two mapped pages (bench/lookups.ts, decision 016).
 *
 * `image_token` (random, 128 bits) is set while the signature has its images: the look-up learns
 * from the row alone whether there is a picture, and the token is what makes the URL of the
 * watermarked copy unguessable. It replaces an HMAC of the id computed on every look-up, which
 * cost 12-15 µs of server CPU each under load.
 *
 * SQLite cannot drop a column without rewriting rows in place (the table would stay one row per
 * page), so the table is rebuilt the documented way: new table, copy, drop, rename, with foreign
 * keys off so the drop cascades nowhere, keeping every id and the AUTOINCREMENT high-water mark, so
 * a deleted signature's id is still never reused. PostgreSQL just moves the data and drops the
 * columns.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  if (dialect === 'postgres') {
    // the migrator already runs each PostgreSQL migration in a transaction
    await createImagesTable(db, binary);
    await copyImages(db);
    await db.schema.alterTable('signatures').addColumn('image_token', 'text').execute();
    // gen_random_uuid() draws from pg_strong_random: 122 random bits
    await sql`
      update signatures set image_token = replace(gen_random_uuid()::text, '-', '')
      where id in (select signature_id from signature_images)
    `.execute(db);
    await db.schema
      .alterTable('signatures')
      .dropColumn('image_data')
      .dropColumn('verification_image')
      .execute();
    return;
  }
  // SQLite migrations run outside a transaction, so the pragma takes effect; the rebuild gets one.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      const seq = await sql<{
        seq: number;
      }>`select seq from sqlite_sequence where name = 'signatures'`.execute(tx);
      await createImagesTable(tx, binary);
      await copyImages(tx);
      await sql`
        create table signatures_new (
          id integer primary key autoincrement,
          user_id integer references users(id) on delete cascade,
          reference_number text not null unique,
          signer_name text,
          additional_data text,
          qr_code_data text,
          is_public integer not null default 1,
          is_default integer not null default 0,
          consent_at text,
          created_at text not null,
          expires_at text,
          revoked_at text,
          purged_at text,
          image_token text
        )
      `.execute(tx);
      const columns = sql.raw(
        'id, user_id, reference_number, signer_name, additional_data, qr_code_data, is_public, is_default, ' +
          'consent_at, created_at, expires_at, revoked_at, purged_at',
      );
      await sql`
        insert into signatures_new (${columns}, image_token)
        select ${columns},
          case when exists (select 1 from signature_images i where i.signature_id = signatures.id)
            then lower(hex(randomblob(16))) end
        from signatures order by id
      `.execute(tx);
      await sql`drop table signatures`.execute(tx);
      await sql`alter table signatures_new rename to signatures`.execute(tx);
      const highWater = seq.rows[0]?.seq;
      if (highWater !== undefined) {
        await sql`update sqlite_sequence set seq = max(seq, ${highWater}) where name = 'signatures'`.execute(
          tx,
        );
      }
      await sql`create index signatures_user_idx on signatures (user_id, created_at)`.execute(tx);
      await sql`create index signatures_expires_idx on signatures (expires_at)`.execute(tx);
      await sql`create index signatures_created_idx on signatures (created_at)`.execute(tx);
      const broken = await sql`pragma foreign_key_check`.execute(tx);
      if (broken.rows.length > 0) throw new Error('the signatures rebuild left broken foreign keys');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function createImagesTable(db: Db, binary: 'bytea' | 'blob') {
  await db.schema
    .createTable('signature_images')
    .addColumn('signature_id', 'integer', (c) =>
      c.primaryKey().references('signatures.id').onDelete('cascade'),
    )
    .addColumn('image_data', 'text', (c) => c.notNull())
    .addColumn('verification_image', binary, (c) => c.notNull())
    .execute();
}

async function copyImages(db: Db) {
  await sql`
    insert into signature_images (signature_id, image_data, verification_image)
    select id, image_data, verification_image from signatures
    where image_data is not null and verification_image is not null
  `.execute(db);
}
