import { afterAll, beforeAll, expect, test } from 'vitest';
import { freshDatabase } from '../test/test-app.ts';
import { batchedPointReads, type Db, type Dialect } from './kysely.ts';
import { migrateToLatest } from './migrate.ts';

let db: Db;
let dialect: Dialect;
let drop: () => Promise<void>;

const columns = ['id', 'reference_number', 'signer_name', 'expires_at', 'is_public', 'user_id'] as const;
const query = () => db.selectFrom('signatures').select([...columns]);
const reads = () =>
  batchedPointReads(db, {
    one: query().where('reference_number', '=', ''),
    many: query().where('reference_number', '=', (eb) => eb.fn<string>('any', [eb.val<string[]>([])])),
    key: (row) => row.reference_number,
  });
const ref = (i: number) => `SIG-20261124-READ${String(i).padStart(2, '0')}`;

beforeAll(async () => {
  const fresh = await freshDatabase();
  ({ db, dialect, drop } = fresh);
  await migrateToLatest(db, dialect);
  await db
    .insertInto('signatures')
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        reference_number: ref(i),
        signer_name: i % 3 ? `Signer ${i}` : null,
        created_at: '2026-11-24T00:00:00.000Z',
        expires_at: i % 2 ? '2099-01-01T00:00:00.000Z' : null,
        user_id: null,
      })),
    )
    .execute();
});
afterAll(() => drop());

test('reads asked for in one turn are answered by one batch, each with its own row, as Kysely reads it', async () => {
  const read = reads();
  const asked = [
    ...Array.from({ length: 20 }, (_, i) => ref(i)),
    ref(4),
    ref(4),
    'SIG-20261124-NONE',
    ref(19),
  ];
  const answers = await Promise.all(asked.map((key) => read(key)));
  expect(read.batches()).toBe(1);
  const expected = await Promise.all(
    asked.map((key) => query().where('reference_number', '=', key).executeTakeFirst()),
  );
  expect(answers).toEqual(expected);
  expect(answers[22]).toBeUndefined();
  expect(answers[20]).toMatchObject({ reference_number: ref(4), signer_name: 'Signer 4' });
  // the rows are plain objects with the query's columns, in its order
  expect(Object.keys(answers[0]!)).toEqual([...columns]);
});

test('reads in different turns are different batches; a batch of one reads alone', async () => {
  const read = reads();
  expect((await read(ref(1)))?.reference_number).toBe(ref(1));
  expect((await read(ref(2)))?.reference_number).toBe(ref(2));
  await Promise.all([read(ref(4)), read(ref(5))]);
  expect(read.batches()).toBe(3);
});

test('no read answers from before it was asked: the batch reads after every read of it was asked for', async () => {
  const read = reads();
  const key = 'SIG-20261124-LATE';
  const early = read(key);
  // written after the read was asked for, before the turn ends
  await db
    .insertInto('signatures')
    .values({ reference_number: key, created_at: '2026-11-24T00:00:00.000Z', user_id: null })
    .execute();
  if (dialect === 'sqlite') {
    // Kysely's SQLite driver writes within the same turn: the batch, in the turn's check phase, sees it
    expect((await early)?.reference_number).toBe(key);
  } else {
    // PostgreSQL: the write is a round trip of its own; the read may come before or after it
    await early;
  }
  expect((await read(key))?.reference_number).toBe(key);
});

test.runIf(!process.env.TEST_DATABASE_URL)(
  'SQLite: a read that cannot run fails alone; the rest of its batch answers',
  async () => {
    const read = reads();
    const [bad, good] = await Promise.allSettled([read({} as unknown as string), read(ref(6))]);
    expect(bad.status).toBe('rejected');
    expect(good).toMatchObject({ status: 'fulfilled', value: { reference_number: ref(6) } });
  },
);
