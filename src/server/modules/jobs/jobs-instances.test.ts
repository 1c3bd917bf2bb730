import { fork } from 'node:child_process';
import Fastify from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { jobMessages } from '#shared/jobs/schemas.ts';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/app-types.ts';
import { createDb, type Db } from '#server/db/kysely.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { iso, systemClock } from '#server/lib/clock.ts';
import { freshDatabase, ManualClock, testConfig } from '#server/test/test-app.ts';
import { JobQueue } from './job-queue.ts';

declare module './job-queue.ts' {
  interface JobPayloads {
    'test.count': { n: number };
    'test.restart': { n: number };
  }
}

const silent = Fastify({ logger: false }).log;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function sharedDatabase() {
  const database = await freshDatabase();
  cleanups.push(database.drop);
  await migrateToLatest(database.db, database.dialect);
  /** Another instance's own connection (pool) to the same database. */
  const connect = (): Db => {
    const other = database.databaseUrl
      ? createDb({ databaseUrl: database.databaseUrl })
      : createDb({ sqliteFile: database.sqliteFile! });
    cleanups.push(() => other.db.destroy());
    return other.db;
  };
  return { ...database, connect };
}

async function appOn(db: Db, dialect: 'sqlite' | 'postgres', clock: ManualClock): Promise<App> {
  const app = await buildApp({ config: testConfig(), db: { db, dialect }, clock, logger: false });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

test('two instances claim 1,000 jobs concurrently: each job runs once, none is lost', async () => {
  const { db, dialect, connect } = await sharedDatabase();
  const runs = new Map<number, string[]>();
  const instance = (name: string, conn: Db) => {
    const q = new JobQueue(conn, dialect, systemClock, silent, { workerId: name, concurrency: 8 });
    q.register('test.count', async (_p, c) => {
      runs.set(c.id, [...(runs.get(c.id) ?? []), name]);
      await new Promise((r) => setImmediate(r));
    });
    return q;
  };
  const a = instance('a', db);
  const b = instance('b', connect());
  await db.transaction().execute(async (trx) => {
    for (let n = 0; n < 1000; n++) await a.enqueue('test.count', { n }, { trx });
  });

  await Promise.all([a.drain(), b.drain()]);

  expect(runs.size).toBe(1000);
  const twice = [...runs].filter(([, by]) => by.length !== 1);
  expect(twice).toEqual([]);
  const byA = [...runs.values()].filter((by) => by[0] === 'a').length;
  expect(byA).toBeGreaterThan(0); // both instances took a share
  expect(byA).toBeLessThan(1000);
  const rows = await db
    .selectFrom('jobs')
    .select(['status', 'attempts', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['status', 'attempts'])
    .execute();
  expect(rows.map((r) => ({ ...r, n: Number(r.n) }))).toEqual([{ status: 'done', attempts: 1, n: 1000 }]);
});

test('a job whose worker died is run again by another instance once its lease has run out', async () => {
  const { db, dialect, databaseUrl, sqliteFile } = await sharedDatabase();
  const clock = new ManualClock();
  const seeder = new JobQueue(db, dialect, clock, silent);
  const id = (await seeder.enqueue('test.restart', { n: 1 }))!;

  // a real process claims the job and is killed in the middle of it
  const child = fork(
    new URL('../../test/crashing-instance.ts', import.meta.url),
    [databaseUrl ?? sqliteFile!],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  const orphan = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(orphan).toMatchObject({ status: 'running', attempts: 1, locked_by: 'doomed-worker' });

  // the restart: a new app on the same database
  const app = await appOn(db, dialect, clock);
  const ran: number[] = [];
  app.jobs.register('test.restart', async (p, c) => void ran.push(c.attempt));
  await app.jobs.drain();
  expect(ran).toEqual([]); // the dead worker's lease still holds
  clock.advance(Date.parse(orphan.locked_until!) - clock.now() + 1000);
  await app.jobs.drain();
  expect(ran).toEqual([2]);
  const after = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(after).toMatchObject({ status: 'done', attempts: 2 });
  expect(after.locked_by).toBeNull();
});

test('a worker that died in the last attempt leaves a failed job, handed to onFailed, not a loop', async () => {
  const { db, dialect } = await sharedDatabase();
  const clock = new ManualClock();
  const past = iso(clock.now() - 1000);
  const { id } = await db
    .insertInto('jobs')
    .values({
      kind: 'test.restart',
      payload: JSON.stringify({ n: 2 }),
      status: 'running',
      run_at: past,
      attempts: 3,
      max_attempts: 3,
      locked_by: 'gone',
      locked_until: past,
      created_at: past,
      updated_at: past,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const q = new JobQueue(db, dialect, clock, silent);
  const ran: number[] = [];
  const gaveUp: string[] = [];
  q.register('test.restart', async (p) => void ran.push(p.n), {
    onFailed: async (p, err) => void gaveUp.push(`${p.n}: ${err.message}`),
  });
  await q.drain();
  expect(ran).toEqual([]);
  expect(gaveUp).toEqual([`2: ${jobMessages.workerStopped}`]);
  expect(
    await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  ).toMatchObject({
    status: 'failed',
    last_error: jobMessages.workerStopped,
  });
});

test('jobs waiting when an instance stops run when the next one starts, without being asked', async () => {
  const { db, dialect } = await sharedDatabase();
  const clock = new ManualClock();
  const first = await appOn(db, dialect, clock);
  await first.jobs.stop();
  const id = (await first.jobs.enqueue('test.restart', { n: 3 }))!;
  await first.close();
  cleanups.pop();

  const ran: number[] = [];
  let done: () => void = () => undefined;
  const finished = new Promise<void>((r) => (done = r));
  const app = await buildApp({ config: testConfig(), db: { db, dialect }, clock, logger: false });
  cleanups.push(() => app.close());
  app.jobs.register('test.restart', async (p) => {
    ran.push(p.n);
    done();
  });
  await app.ready(); // started in buildApp: its first look finds the job registered just now or at the next poll
  await finished;
  expect(ran).toEqual([3]);
  await new Promise((r) => setTimeout(r, 50));
  expect(
    (await db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
  ).toBe('done');
});
