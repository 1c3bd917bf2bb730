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
  const columns = Object.keys((await db.selectFrom('signatures').selectAll().executeTakeFirstOrThrow()) as object);
  expect(columns).not.toContain('lookup_count');
  expect(columns).not.toContain('last_verified_at');
});

test('an unknown migration name is refused', async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  await expect(migrateToLatest(fresh.db, fresh.dialect, '9999-nope')).rejects.toThrow(/no migration/);
});
