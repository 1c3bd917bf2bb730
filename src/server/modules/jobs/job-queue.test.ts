import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { jobMessages } from '#shared/jobs/schemas.ts';
import { iso } from '#server/lib/clock.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { JobQueue, PermanentJobError, type JobContext } from './job-queue.ts';

declare module './job-queue.ts' {
  interface JobPayloads {
    'test.echo': { n: number };
    'test.fail': { n: number };
    'test.fatal': { n: number };
    'test.io': { n: number };
    'test.slow': { n: number };
  }
}

let ctx: TestContext;
let queue: JobQueue;
const ran: { kind: string; n: number; attempt: number; at: number }[] = [];
const failedFinally: { n: number; error: string; attempt: number }[] = [];

const SECOND = 1000;

beforeAll(async () => {
  ctx = await testApp();
  // A queue of its own on the app's database: the app's queue claims only the kinds it registered.
  queue = new JobQueue(ctx.app.db, ctx.app.dialect, ctx.clock, ctx.app.log, { random: () => 0.5 });
  const record = (kind: string) => async (p: { n: number }, c: JobContext) => {
    ran.push({ kind, n: p.n, attempt: c.attempt, at: ctx.clock.now() });
  };
  queue.register('test.echo', record('test.echo'));
  queue.register(
    'test.fail',
    async (p, c) => {
      await record('test.fail')(p, c);
      throw new Error(`attempt ${c.attempt} failed`);
    },
    {
      maxAttempts: 4,
      backoffMs: 10 * SECOND,
      onFailed: async (p, err, c) =>
        void failedFinally.push({ n: p.n, error: err.message, attempt: c.attempt }),
    },
  );
  queue.register(
    'test.fatal',
    async () => {
      throw new PermanentJobError('refused for good');
    },
    {
      onFailed: async (p, err, c) =>
        void failedFinally.push({ n: p.n, error: err.message, attempt: c.attempt }),
    },
  );
});
afterAll(async () => {
  await queue.stop();
  await ctx.close();
});
beforeEach(() => {
  ran.length = 0;
  failedFinally.length = 0;
});

const row = (id: number) =>
  ctx.app.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

test('an enqueued job is claimed, run once with its payload, and completed', async () => {
  const id = (await queue.enqueue('test.echo', { n: 1 }))!;
  expect((await row(id)).status).toBe('queued');
  await queue.drain();
  await queue.drain();
  expect(ran).toEqual([{ kind: 'test.echo', n: 1, attempt: 1, at: expect.any(Number) }]);
  const done = await row(id);
  expect(done).toMatchObject({ status: 'done', attempts: 1, locked_by: null, locked_until: null });
  expect(done.finished_at).not.toBeNull();
  // the payload does not outlive the job (mails carry one-time links)
  expect(done.payload).toBe('null');
});

test('drain waits for jobs that wait on I/O, and for the jobs they enqueue', async () => {
  queue.register('test.io', async (p, c) => {
    await new Promise((r) => setTimeout(r, 20));
    ran.push({ kind: 'test.io', n: p.n, attempt: c.attempt, at: ctx.clock.now() });
    if (p.n < 3) await queue.enqueue('test.io', { n: p.n + 1 });
  });
  await queue.enqueue('test.io', { n: 1 });
  await queue.drain();
  expect(ran.map((r) => r.n)).toEqual([1, 2, 3]);
});

test('a job set for later waits until the clock reaches it', async () => {
  const id = (await queue.enqueue('test.echo', { n: 2 }, { runAt: ctx.clock.now() + 60 * SECOND }))!;
  await queue.drain();
  expect(ran).toEqual([]);
  ctx.clock.advance(61 * SECOND);
  await queue.drain();
  expect(ran.map((r) => r.n)).toEqual([2]);
  expect((await row(id)).status).toBe('done');
});

test('jobs run in the order they are due', async () => {
  const now = ctx.clock.now();
  await queue.enqueue('test.echo', { n: 3 }, { runAt: now - 1000 });
  await queue.enqueue('test.echo', { n: 4 }, { runAt: now - 3000 });
  await queue.enqueue('test.echo', { n: 5 }, { runAt: now - 2000 });
  await queue.drain();
  expect(ran.map((r) => r.n)).toEqual([4, 5, 3]);
});

test('a failing job is retried with exponential backoff, then fails for good once', async () => {
  const id = (await queue.enqueue('test.fail', { n: 6 }))!;
  // random pinned at 0.5: each wait is 3/4 of 10 s · 2^(attempt-1), i.e. 7.5 s, 15 s, 30 s
  const waits = [7.5 * SECOND, 15 * SECOND, 30 * SECOND];
  await queue.drain();
  for (const [i, wait] of waits.entries()) {
    const r = await row(id);
    expect(r).toMatchObject({ status: 'queued', attempts: i + 1, last_error: `attempt ${i + 1} failed` });
    const failedAt = ran.at(-1)!.at;
    const due = Date.parse(r.run_at);
    expect(due - failedAt).toBeGreaterThanOrEqual(wait);
    expect(due - failedAt).toBeLessThan(wait + SECOND); // the fake clock also moves with real time
    ctx.clock.advance(wait - 2 * SECOND);
    await queue.drain();
    expect(ran).toHaveLength(i + 1); // not yet due
    ctx.clock.advance(2 * SECOND);
    await queue.drain();
    expect(ran).toHaveLength(i + 2);
  }
  const gaps = ran.slice(1).map((r, i) => r.at - ran[i]!.at);
  gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(waits[i]!));
  expect(ran.map((r) => r.attempt)).toEqual([1, 2, 3, 4]);
  expect(await row(id)).toMatchObject({ status: 'failed', attempts: 4, last_error: 'attempt 4 failed' });
  expect(failedFinally).toEqual([{ n: 6, error: 'attempt 4 failed', attempt: 4 }]);
  // failed is final: nothing runs it again
  ctx.clock.advance(24 * 60 * 60 * SECOND);
  await queue.drain();
  expect(ran).toHaveLength(4);
});

test('a permanent failure is not retried', async () => {
  const id = (await queue.enqueue('test.fatal', { n: 7 }))!;
  await queue.drain();
  expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'refused for good' });
  expect(failedFinally).toEqual([{ n: 7, error: 'refused for good', attempt: 1 }]);
});

test('a key allows one waiting job; cancel removes waiting jobs by key or prefix', async () => {
  const later = ctx.clock.now() + 3600 * SECOND;
  const first = await queue.enqueue('test.echo', { n: 8 }, { key: 'request:1:remind', runAt: later });
  expect(first).toEqual(expect.any(Number));
  expect(await queue.enqueue('test.echo', { n: 9 }, { key: 'request:1:remind' })).toBeNull();
  await queue.enqueue('test.echo', { n: 10 }, { key: 'request:1:expire', runAt: later });
  await queue.enqueue('test.echo', { n: 11 }, { key: 'request:10:expire', runAt: later });
  await queue.enqueue('test.echo', { n: 12 }, { key: 'request:1_:x%', runAt: later });

  expect(await queue.cancel({ key: 'request:1:remind' })).toBe(1);
  // the prefix is literal: neither request:10 nor the % and _ in another key match it
  expect(await queue.cancel({ keyPrefix: 'request:1:' })).toBe(1);
  expect(await queue.cancel({ keyPrefix: 'request:1_:x%' })).toBe(1);
  const left = await ctx.app.db.selectFrom('jobs').select('key').where('key', 'like', 'request:%').execute();
  expect(left.map((r) => r.key)).toEqual(['request:10:expire']);

  // once a keyed job has run, the key is free for the next one
  expect(await queue.enqueue('test.echo', { n: 13 }, { key: 'once' })).toEqual(expect.any(Number));
  await queue.drain();
  expect(await queue.enqueue('test.echo', { n: 14 }, { key: 'once' })).toEqual(expect.any(Number));
  await queue.drain();
  expect(ran.map((r) => r.n)).toEqual([13, 14]);
});

test('a job enqueued in a transaction exists only if the transaction commits', async () => {
  await expect(
    ctx.app.db.transaction().execute(async (trx) => {
      await queue.enqueue('test.echo', { n: 15 }, { trx });
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  const id = await ctx.app.db.transaction().execute((trx) => queue.enqueue('test.echo', { n: 16 }, { trx }));
  await queue.drain();
  expect(ran.map((r) => r.n)).toEqual([16]);
  expect((await row(id!)).status).toBe('done');
});

test('only registered kinds are claimed: another kind waits for an instance that knows it', async () => {
  const other = new JobQueue(ctx.app.db, ctx.app.dialect, ctx.clock, ctx.app.log);
  const id = (await other.enqueue('test.echo', { n: 17 }))!;
  await other.drain(); // knows no kinds
  expect((await row(id)).status).toBe('queued');
  await queue.drain();
  expect((await row(id)).status).toBe('done');
});

test('stop waits for the jobs being run; the rest wait for the next start', async () => {
  const q = new JobQueue(ctx.app.db, ctx.app.dialect, ctx.clock, ctx.app.log, { concurrency: 1 });
  const seen: number[] = [];
  let release: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    q.register('test.slow', async (p) => {
      resolve();
      await new Promise<void>((r) => (release = r));
      seen.push(p.n);
    });
  });
  const a = (await q.enqueue('test.slow', { n: 18 }))!;
  const b = (await q.enqueue('test.slow', { n: 19 }))!;
  q.start();
  await started;
  let stopped = false;
  const stopping = q.stop().then(() => (stopped = true));
  await new Promise((r) => setTimeout(r, 50));
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(seen).toEqual([18]);
  expect((await row(a)).status).toBe('done');
  expect((await row(b)).status).toBe('queued');
  await ctx.app.db.deleteFrom('jobs').where('id', '=', b).execute();
});

test('done jobs are purged after the retention period, failed ones kept longer', async () => {
  const q = new JobQueue(ctx.app.db, ctx.app.dialect, ctx.clock, ctx.app.log, {
    doneRetentionMs: 60 * SECOND,
    failedRetentionMs: 600 * SECOND,
  });
  const old = iso(ctx.clock.now() - 120 * SECOND);
  const insert = (status: 'done' | 'failed', finished: string) =>
    ctx.app.db
      .insertInto('jobs')
      .values({
        kind: 'test.old',
        payload: 'null',
        status,
        run_at: old,
        max_attempts: 1,
        created_at: old,
        updated_at: old,
        finished_at: finished,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const oldDone = await insert('done', old);
  const recentDone = await insert('done', iso(ctx.clock.now()));
  const oldFailed = await insert('failed', old);
  q.register('test.echo', async () => undefined);
  await q.drain();
  const left = await ctx.app.db.selectFrom('jobs').select('id').where('kind', '=', 'test.old').execute();
  expect(left.map((r) => r.id).sort()).toEqual([recentDone.id, oldFailed.id].sort());
  expect(left.map((r) => r.id)).not.toContain(oldDone.id);
});

test('a payload that cannot be read fails the job with a message instead of looping', async () => {
  const now = iso(ctx.clock.now());
  const { id } = await ctx.app.db
    .insertInto('jobs')
    .values({
      kind: 'test.echo',
      payload: '{',
      status: 'queued',
      run_at: now,
      max_attempts: 3,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queue.drain();
  expect(await row(id)).toMatchObject({ status: 'failed', last_error: jobMessages.unknownPayload });
});
