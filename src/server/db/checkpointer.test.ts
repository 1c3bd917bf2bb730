import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, expect, test, vi } from 'vitest';
import { checkpointerOf, createDb, type Db, type DbOptions } from './kysely.ts';

const MB = 1024 * 1024;
const dirs: string[] = [];
const open: Db[] = [];

afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function database(checkpoints: DbOptions['checkpoints']) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-ckpt-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.db');
  const { db } = createDb({ sqliteFile: file, checkpoints });
  open.push(db);
  return { db, file, checkpointer: checkpointerOf(db)! };
}

const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** Each blob in its own commit, as the finishes of recipients write their revisions. */
async function writeBlobs(db: Db, count: number, bytes = MB) {
  await sql`create table if not exists blobs (id integer primary key, data blob not null)`.execute(db);
  for (let i = 0; i < count; i++)
    await sql`insert into blobs (data) values (${Buffer.alloc(bytes, i + 1)})`.execute(db);
}

async function until(check: () => boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test("commits never copy the log into the database file on the server's connection", async () => {
  const { db, file, checkpointer } = database({ startAtBytes: Number.POSITIVE_INFINITY });
  await writeBlobs(db, 12);
  // SQLite's default would have checkpointed at 1000 pages (4 MB) and then reused the log.
  expect(size(`${file}-wal`)).toBeGreaterThan(12 * MB);
  expect(size(file)).toBeLessThan(MB);
  const [row] = (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db)).rows;
  expect(row!.wal_autocheckpoint).toBe(0);
  expect(checkpointer.current().running).toBe(false);
});

test('once the log has grown, a worker copies it into the database file and the log is reused', async () => {
  const { db, file, checkpointer } = database({ startAtBytes: 2 * MB, watchMs: 20, pollMs: 20 });
  await writeBlobs(db, 8);
  await until(() => checkpointer.current().framesCopied * 4096 >= 8 * MB, 'the log is copied');
  expect(checkpointer.current().running).toBe(true);
  expect(size(file)).toBeGreaterThan(8 * MB);
  // All copied: the next commits start the log again from its beginning instead of growing it.
  const logSize = size(`${file}-wal`);
  await writeBlobs(db, 4);
  expect(size(`${file}-wal`)).toBe(logSize);
  const [count] = (await sql<{ n: number }>`select count(*) as n from blobs`.execute(db)).rows;
  expect(count!.n).toBe(12);
});

test('a quiet log bigger than the limit is truncated', async () => {
  const { db, file, checkpointer } = database({
    startAtBytes: MB,
    watchMs: 20,
    pollMs: 20,
    truncateAboveBytes: 2 * MB,
  });
  await writeBlobs(db, 5);
  await until(() => checkpointer.current().truncated > 0, 'the log is truncated');
  expect(size(`${file}-wal`)).toBe(0);
});

test('closing ends the thread, leaves no log behind and keeps every write', async () => {
  const { db, file, checkpointer } = database({ startAtBytes: MB, watchMs: 20, pollMs: 1000 });
  await writeBlobs(db, 6);
  await until(() => checkpointer.current().running, 'the worker starts');
  await db.destroy();
  open.splice(open.indexOf(db), 1);
  expect(checkpointer.current().running).toBe(false);
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
  expect(size(file)).toBeGreaterThan(6 * MB);
  const again = createDb({ sqliteFile: file });
  open.push(again.db);
  const [count] = (await sql<{ n: number }>`select count(*) as n from blobs`.execute(again.db)).rows;
  expect(count!.n).toBe(6);
});

test('a database written little never starts a thread; in memory there is no checkpointer', async () => {
  const { db, checkpointer } = database({ watchMs: 10 });
  await writeBlobs(db, 3, 1000);
  await new Promise((r) => setTimeout(r, 100));
  expect(checkpointer.current().running).toBe(false);
  const memory = createDb({ sqliteFile: ':memory:' });
  open.push(memory.db);
  expect(checkpointerOf(memory.db)).toBeNull();
});

test.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL has no checkpointer', async () => {
  const { db } = createDb({ databaseUrl: process.env.TEST_DATABASE_URL });
  open.push(db);
  expect(checkpointerOf(db)).toBeNull();
});

test('a lost worker hands checkpoints back to SQLite', async () => {
  const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
  const { db, file, checkpointer } = database({ startAtBytes: Number.POSITIVE_INFINITY });
  checkpointer.start();
  await checkpointer.killWorkerForTest();
  await until(() => checkpointer.current().fellBack, 'the loss is noticed');
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('SQLite checkpoints in commits again'));
  const [row] = (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db)).rows;
  expect(row!.wal_autocheckpoint).toBe(1000);
  await writeBlobs(db, 12);
  expect(size(`${file}-wal`)).toBeLessThan(8 * MB);
});

test('a running worker does not keep the process alive', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-ckpt-'));
  dirs.push(dir);
  const kysely = new URL('./kysely.ts', import.meta.url).href;
  // Starts the worker, waits for its first copy, then returns without closing anything.
  const script = `
    import { sql } from 'kysely';
    const { createDb, checkpointerOf } = await import(${JSON.stringify(kysely)});
    const { db } = createDb({ sqliteFile: ${JSON.stringify(path.join(dir, 'c.db'))}, checkpoints: { startAtBytes: 1, watchMs: 10, pollMs: 10 } });
    await sql\`create table t (data blob)\`.execute(db);
    await sql\`insert into t values (zeroblob(2000000))\`.execute(db);
    while (checkpointerOf(db).current().checkpoints === 0) await new Promise((r) => setTimeout(r, 10));
    console.log('copied');
  `;
  const started = Date.now();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: fileURLToPath(new URL('../../..', import.meta.url)), timeout: 20_000 },
  );
  expect(stdout.trim()).toBe('copied');
  expect(Date.now() - started).toBeLessThan(20_000);
});
