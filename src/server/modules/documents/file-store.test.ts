import crypto from 'node:crypto';
import { afterEach, expect, test } from 'vitest';
import type { Db } from '#server/db/kysely.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { insertUser } from '#server/test/fixtures.ts';
import { freshDatabase, ManualClock } from '#server/test/test-app.ts';
import { FileStore, PART_BYTES, STAGED_FILE_TTL_MS } from './file-store.ts';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

async function setUp() {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const { db, dialect } = fresh;
  await migrateToLatest(db, dialect);
  const clock = new ManualClock();
  const at = new Date(clock.now()).toISOString();
  const userId = await insertUser(db, at);
  const document = async (name: string) =>
    (
      await db
        .insertInto('documents')
        .values({
          user_id: userId,
          name,
          original_filename: `${name}.pdf`,
          mime_type: 'application/pdf',
          status: 'pending',
          size: 1,
          page_count: 1,
          sha256: 'x',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { db, clock, files: new FileStore(db, clock), document };
}

const partCount = async (db: Db) => (await db.selectFrom('file_parts').select('n').execute()).length;
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

test('a file larger than a part is written in parts before its transaction and read back whole', async () => {
  const { db, files, document } = await setUp();
  const id = await document('big');
  // Not a whole number of parts, so the last one is short.
  const bytes = crypto.randomBytes(3 * PART_BYTES + 1234);
  const staged = await files.stage(bytes, sha(bytes));
  expect(staged.parts).toBe(4);
  expect(await partCount(db)).toBe(4);
  // Staged, not kept: no reader sees it.
  expect(await files.get(id, 'signed')).toBeNull();
  await db.transaction().execute((trx) => files.keep(trx, staged, id, 'signed'));
  const back = await files.get(id, 'signed');
  expect(back!.equals(bytes)).toBe(true);
  // The row holds no copy of the bytes: they are in the parts only.
  const row = await db.selectFrom('files').select(['bytes', 'size', 'parts']).executeTakeFirstOrThrow();
  expect(row.bytes.length).toBe(0);
  expect(row.size).toBe(bytes.length);
  // Each part at most PART_BYTES: the event loop is held one part at a time.
  const sizes = await db.selectFrom('file_parts').select('bytes').orderBy('n').execute();
  expect(sizes.map((p) => p.bytes.length)).toEqual([PART_BYTES, PART_BYTES, PART_BYTES, 1234]);
  // A kept file is not discarded by mistake.
  await files.discard(staged);
  expect((await files.get(id, 'signed'))!.equals(bytes)).toBe(true);
});

test('a small file stays in its row; a revision of parts and increments joins in order', async () => {
  const { db, files, document } = await setUp();
  const id = await document('revision');
  const original = crypto.randomBytes(2 * PART_BYTES + 7);
  const small = crypto.randomBytes(PART_BYTES);
  const [a, b] = [await files.stage(original, 'o'), await files.stage(small, 's')];
  expect(b.parts).toBe(0);
  await db.transaction().execute(async (trx) => {
    await files.keep(trx, a, id, 'original');
    await files.appendRevision(trx, id, 1, Buffer.from('one'), 'x1');
    await files.appendRevision(trx, id, 2, Buffer.from('two'), 'x2');
  });
  expect(
    Buffer.concat(await files.revision(id)).equals(Buffer.concat([original, Buffer.from('onetwo')])),
  ).toBe(true);
  const other = await document('small');
  await db.transaction().execute((trx) => files.keep(trx, b, other, 'original'));
  expect((await files.get(other, 'original'))!.equals(small)).toBe(true);
  expect(await partCount(db)).toBe(3);
});

test('parts go with their file: a deleted document, a discarded or a stale staging', async () => {
  const { db, clock, files, document } = await setUp();
  const id = await document('deleted');
  const kept = await files.stage(crypto.randomBytes(PART_BYTES + 1), 'k');
  await db.transaction().execute((trx) => files.keep(trx, kept, id, 'original'));
  expect(await partCount(db)).toBe(2);
  // Deleting the document cascades to its file row, whose trigger deletes its parts.
  await db.deleteFrom('documents').where('id', '=', id).execute();
  expect(await partCount(db)).toBe(0);

  // A transaction that does not keep it (over quota, lost race): discarded.
  const lost = await files.stage(crypto.randomBytes(PART_BYTES + 1), 'l');
  await files.discard(lost);
  expect(await partCount(db)).toBe(0);

  // A staging the server never finished: removed once stale, a fresh one and a kept one left.
  const keeper = await document('keeper');
  const stale = await files.stage(crypto.randomBytes(PART_BYTES + 1), 'st');
  const keptLong = await files.stage(crypto.randomBytes(PART_BYTES + 1), 'kl');
  await db.transaction().execute((trx) => files.keep(trx, keptLong, keeper, 'original'));
  clock.advance(STAGED_FILE_TTL_MS + 1000);
  const fresh = await files.stage(crypto.randomBytes(PART_BYTES + 1), 'f');
  expect(await files.purgeStaged()).toBe(2);
  const left = await db.selectFrom('file_parts').select('blob').distinct().execute();
  expect(left.map((r) => r.blob).sort()).toEqual([keptLong.blob, fresh.blob].sort());
  expect(stale.blob).not.toBe(fresh.blob);
});
