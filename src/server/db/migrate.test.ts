import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { freshDatabase } from '../test/test-app.ts';
import { migrateToLatest } from './migrate.ts';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

test('0009 moves look-up counts out of signatures without losing one', async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const { db, dialect } = fresh;
  await migrateToLatest(db, dialect, '0008-admin-indexes');
  const row = (ref: string, count: number, last: string | null) => ({
    reference_number: ref,
    created_at: '2026-01-01T00:00:00.000Z',
    lookup_count: count,
    last_verified_at: last,
  });
  // Written through the old columns, which the new schema type no longer knows.
  await (db as any)
    .insertInto('signatures')
    .values([
      row('SIG-20260101-AAAA', 7, '2026-02-03T04:05:06.000Z'),
      row('SIG-20260101-BBBB', 0, null),
      row('SIG-20260101-CCCC', 2, null),
    ])
    .execute();

  expect(await migrateToLatest(db, dialect)).toContain('0009-signature-lookups');

  const counts = await db
    .selectFrom('signature_lookups')
    .innerJoin('signatures', 'signatures.id', 'signature_lookups.signature_id')
    .select(['signatures.reference_number', 'lookup_count', 'last_verified_at'])
    .orderBy('signatures.reference_number')
    .execute();
  expect(counts).toEqual([
    { reference_number: 'SIG-20260101-AAAA', lookup_count: 7, last_verified_at: '2026-02-03T04:05:06.000Z' },
    // counted before "last verified" existed: the creation time is the best lower bound we have
    { reference_number: 'SIG-20260101-CCCC', lookup_count: 2, last_verified_at: '2026-01-01T00:00:00.000Z' },
  ]);
  const columns = Object.keys(
    (await db.selectFrom('signatures').selectAll().executeTakeFirstOrThrow()) as object,
  );
  expect(columns).not.toContain('lookup_count');
  expect(columns).not.toContain('last_verified_at');
});

test('0010 moves images to their own table, keeping every row, id and link', async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const { db, dialect } = fresh;
  await migrateToLatest(db, dialect, '0009-signature-lookups');
  // Written through the old schema, which the current schema type no longer describes.
  const old = db as any;
  const now = '2026-01-01T00:00:00.000Z';
  const user = await old
    .insertInto('users')
    .values({ email: 'm@example.com', password_hash: 'x', role: 'user', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sig = (ref: string, image: boolean) => ({
    reference_number: ref,
    user_id: user.id,
    signer_name: `Signer ${ref}`,
    additional_data: 'Lease 7',
    created_at: now,
    image_data: image ? `data:image/png;base64,${ref}` : null,
    verification_image: image ? Buffer.alloc(20_000, 7) : null,
  });
  const ids: number[] = [];
  for (const [ref, image] of [
    ['SIG-20260101-AAAA', true],
    ['SIG-20260101-BBBB', false],
    ['SIG-20260101-CCCC', true],
  ] as const) {
    ids.push(
      (await old.insertInto('signatures').values(sig(ref, image)).returning('id').executeTakeFirstOrThrow())
        .id,
    );
  }
  // the newest is deleted: its id must not come back after the rebuild
  await old.deleteFrom('signatures').where('id', '=', ids[2]).execute();
  const doc = await old
    .insertInto('documents')
    .values({
      user_id: user.id,
      name: 'Lease',
      original_filename: 'lease.pdf',
      mime_type: 'application/pdf',
      status: 'signed',
      size: 1,
      page_count: 1,
      sha256: 'x',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await old
    .insertInto('document_signatures')
    .values({
      document_id: doc.id,
      user_id: user.id,
      signature_id: ids[0],
      signature_reference: 'SIG-20260101-AAAA',
      signer_name: 'Signer',
      page: 1,
      x: 0,
      y: 0,
      width: 1,
      height: 1,
      signed_at: now,
    })
    .execute();

  expect(await migrateToLatest(db, dialect)).toContain('0010-signature-images');

  const rows = await db
    .selectFrom('signatures')
    .select(['id', 'reference_number', 'signer_name', 'image_token'])
    .orderBy('id')
    .execute();
  expect(rows).toEqual([
    {
      id: ids[0],
      reference_number: 'SIG-20260101-AAAA',
      signer_name: 'Signer SIG-20260101-AAAA',
      image_token: expect.stringMatching(/^[0-9a-f]{32}$/),
    },
    {
      id: ids[1],
      reference_number: 'SIG-20260101-BBBB',
      signer_name: 'Signer SIG-20260101-BBBB',
      image_token: null,
    },
  ]);
  const images = await db.selectFrom('signature_images').selectAll().execute();
  expect(images).toHaveLength(1);
  expect(images[0]!.signature_id).toBe(ids[0]);
  expect(images[0]!.image_data).toBe('data:image/png;base64,SIG-20260101-AAAA');
  expect(Buffer.from(images[0]!.verification_image).equals(Buffer.alloc(20_000, 7))).toBe(true);
  const columns = Object.keys(await db.selectFrom('signatures').selectAll().executeTakeFirstOrThrow());
  expect(columns).not.toContain('image_data');
  expect(columns).not.toContain('verification_image');

  const next = await db
    .insertInto('signatures')
    .values({ reference_number: 'SIG-20260101-DDDD', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(next.id).toBeGreaterThan(ids[2]!);
  // references stay unique; deleting a signature takes its images and unlinks its documents
  await expect(
    db.insertInto('signatures').values({ reference_number: 'SIG-20260101-AAAA', created_at: now }).execute(),
  ).rejects.toThrow();
  await db.deleteFrom('signatures').where('id', '=', ids[0]!).execute();
  expect(await db.selectFrom('signature_images').selectAll().execute()).toEqual([]);
  const link = await db.selectFrom('document_signatures').select('signature_id').executeTakeFirstOrThrow();
  expect(link.signature_id).toBeNull();
  expect((await db.selectFrom('documents').select('id').execute()).length).toBe(1);
});

test.runIf(process.env.TEST_DATABASE_URL)(
  '0021: on PostgreSQL a counts flush updates its rows in place (heap-only tuples)',
  async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const { db, dialect } = fresh;
    expect(await migrateToLatest(db, dialect)).toContain('0021-lookup-counts-fillfactor');
    const n = 2000;
    const upsert = (at: string) => sql`
      insert into signature_lookups (signature_id, lookup_count, last_verified_at)
      select g, 1, ${at} from generate_series(1, ${n}) g
      on conflict (signature_id) do update set
        lookup_count = signature_lookups.lookup_count + excluded.lookup_count,
        last_verified_at = excluded.last_verified_at`;
    // One transaction: PostgreSQL's per-transaction counters answer at once.
    const hot = await db.transaction().execute(async (trx) => {
      await upsert('2026-11-24T10:00:00.000Z').execute(trx);
      await upsert('2026-11-24T10:00:01.000Z').execute(trx);
      const { rows } = await sql<{ hot: string }>`
        select pg_stat_get_xact_tuples_hot_updated('signature_lookups'::regclass) as hot`.execute(trx);
      return Number(rows[0]!.hot);
    });
    // Full pages (fillfactor 100) leave room for a few dozen; at 50 every row's new version fits.
    expect(hot).toBe(n);
    const counts = await db.selectFrom('signature_lookups').select(['lookup_count']).execute();
    expect(counts.length).toBe(n);
    expect(counts.every((c) => c.lookup_count === 2)).toBe(true);
  },
);

test('an unknown migration name is refused', async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  await expect(migrateToLatest(fresh.db, fresh.dialect, '9999-nope')).rejects.toThrow(/no migration/);
});

// Kysely's own PostgreSQL introspector reads every schema's tables, then resolves each by name: a
// table another schema dropped in between failed the call, and with it the migration a server
// runs as it starts (two test files side by side: one dropped its schema as the other's server
// started). Kysely's failed 104 of 948 calls here while a connection created and dropped schemas.
test.runIf(process.env.TEST_DATABASE_URL)(
  "introspection lists this schema's tables while other schemas come and go",
  async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    await migrateToLatest(fresh.db, fresh.dialect);
    const churn = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await churn.connect();
    const other = `o_${crypto.randomBytes(6).toString('hex')}`;
    let stop = false;
    const churning = (async () => {
      while (!stop) {
        await churn.query(`create schema ${other}; create table ${other}.t (id serial primary key, a text)`);
        await churn.query(`drop schema ${other} cascade`);
      }
    })();
    const failures: string[] = [];
    const lists = new Set<string>(); // each distinct answer's table names
    try {
      // a count, not a time window: a loaded machine makes fewer calls in a given time
      for (let calls = 0; calls < 200; calls++) {
        let names: string[];
        try {
          names = (await fresh.db.introspection.getTables({ withInternalKyselyTables: true })).map(
            (t) => t.name,
          );
        } catch (err) {
          failures.push((err as Error).message);
          continue;
        }
        lists.add([...new Set(names)].sort().join(' '));
      }
    } finally {
      stop = true;
      await churning;
      await churn.end();
    }
    expect(failures).toEqual([]);
    expect(lists.size).toBe(1); // the other schema's table never showed
    const names = [...lists][0]!.split(' ');
    expect(names).toContain('signatures');
    expect(names).toContain('kysely_migration');
  },
);

test("0023 names the recipients' download links of requests completed before it, and no other link", async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const { db, dialect } = fresh;
  await migrateToLatest(db, dialect, '0022-file-parts');
  const at = '2026-01-01T00:00:00.000Z';
  const ended = '2026-02-01T10:00:00.000Z';
  const user = await db
    .insertInto('users')
    .values({ email: 'o@example.com', password_hash: 'x', created_at: at, updated_at: at } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const doc = await db
    .insertInto('documents')
    .values({
      user_id: user.id,
      name: 'Lease',
      original_filename: 'lease.pdf',
      mime_type: 'application/pdf',
      status: 'completed',
      size: 1,
      page_count: 1,
      sha256: 'a'.repeat(64),
      created_at: at,
      updated_at: at,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const request = await (db as any)
    .insertInto('signing_requests')
    .values({
      document_id: doc.id,
      user_id: user.id,
      status: 'completed',
      signing_order: 'parallel',
      expires_at: ended,
      require_code: 0,
      created_at: at,
      updated_at: ended,
      ended_at: ended,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const link = (token: string, created: string) => ({
    document_id: doc.id,
    token_hash: token,
    created_at: created,
    expires_at: '2026-03-03T10:00:00.000Z',
  });
  // Written through the old schema, which had no request_id.
  await (db as any)
    .insertInto('share_links')
    .values([link('recipient', ended), link('owner', '2026-02-02T09:00:00.000Z')])
    .execute();

  await migrateToLatest(db, dialect);

  const links = await db
    .selectFrom('share_links')
    .select(['token_hash', 'request_id'])
    .orderBy('token_hash')
    .execute();
  expect(links).toEqual([
    { token_hash: 'owner', request_id: null },
    { token_hash: 'recipient', request_id: request.id },
  ]);
  const row = await db.selectFrom('signing_requests').selectAll().executeTakeFirstOrThrow();
  expect(row.recipients_download_link).toBe(1);
});
