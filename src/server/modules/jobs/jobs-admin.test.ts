import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobMessages, type JobView } from '#shared/jobs/schemas.ts';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { PermanentJobError } from './job-queue.ts';

declare module './job-queue.ts' {
  interface JobPayloads {
    'test.flaky': { n: number };
  }
}

const METRICS_TOKEN = 'jobs-metrics-token-0123456789';
let ctx: TestContext;
let admin: Agent;
let user: Agent;
let healthy = false;
const ran: number[] = [];

beforeAll(async () => {
  ctx = await testApp({ metricsToken: METRICS_TOKEN });
  ctx.app.jobs.register('test.flaky', async (p) => {
    if (!healthy) throw new PermanentJobError(`job ${p.n} broke`);
    ran.push(p.n);
  });
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  admin.ip = '192.0.2.1';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
  user = new Agent(ctx.app);
  user.ip = '192.0.2.2';
  expect((await user.register('plain@example.com')).statusCode).toBe(201);
});
afterAll(() => ctx.close());

describe('the job endpoints are for admins only', () => {
  test.each([
    ['GET', '/api/admin/jobs/counts'],
    ['GET', '/api/admin/jobs'],
    ['POST', '/api/admin/jobs/1/retry'],
  ])('%s %s: 401 signed out, 403 for a user', async (method, url) => {
    const anon = new Agent(ctx.app);
    await anon.get('/api/csrf');
    const signedOut = await anon.request(method as 'GET', url);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toEqual(expect.any(String));
    expect((await user.request(method as 'GET', url)).statusCode).toBe(403);
  });
});

test('an admin sees the counts, the failed jobs with their error, and retries one', async () => {
  const before = (await admin.get('/api/admin/jobs/counts')).json();
  const id = (await ctx.app.jobs.enqueue('test.flaky', { n: 1 }))!;
  await ctx.app.jobs.drain();

  const counts = (await admin.get('/api/admin/jobs/counts')).json();
  expect(counts).toEqual({ ...before, failed: before.failed + 1 });
  const failed = (await admin.get('/api/admin/jobs?status=failed')).json() as {
    items: JobView[];
    total: number;
  };
  expect(failed.total).toBe(1);
  expect(failed.items[0]).toMatchObject({
    id,
    kind: 'test.flaky',
    status: 'failed',
    attempts: 1,
    lastError: 'job 1 broke',
    finishedAt: expect.any(String),
  });
  expect(failed.items[0]).not.toHaveProperty('payload'); // mails carry one-time links

  healthy = true;
  const retried = await admin.post(`/api/admin/jobs/${id}/retry`);
  expect(retried.statusCode).toBe(200);
  expect(retried.json().job).toMatchObject({ id, status: 'queued', attempts: 0 });
  await ctx.app.jobs.drain();
  expect(ran).toEqual([1]);
  expect((await admin.get('/api/admin/jobs?status=failed')).json().total).toBe(0);
  const done = (await admin.get('/api/admin/jobs?status=done')).json() as { items: JobView[] };
  expect(done.items.map((j) => j.id)).toContain(id);

  const log = await ctx.app.db
    .selectFrom('activity_log')
    .select('detail')
    .where('event', '=', 'admin-action')
    .execute();
  expect(log.map((l) => l.detail)).toContain(`job ${id} (test.flaky) retried`);

  // a job that has not failed cannot be retried
  const again = await admin.post(`/api/admin/jobs/${id}/retry`);
  expect(again.statusCode).toBe(409);
  expect(again.json().message).toBe(jobMessages.notFailed);
});

test('bad and unknown ids answer 400 and 404 with a message', async () => {
  for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
    const res = await admin.post(`/api/admin/jobs/${bad}/retry`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  }
  const missing = await admin.post('/api/admin/jobs/424242/retry');
  expect(missing.statusCode).toBe(404);
  expect(missing.json().message).toBe(jobMessages.notFound);
  const badStatus = await admin.get('/api/admin/jobs?status=exploded');
  expect(badStatus.statusCode).toBe(400);
  expect(badStatus.json().message).toEqual(expect.any(String));
});

test('/metrics shows the queue depth by status', async () => {
  await ctx.app.jobs.enqueue('test.flaky', { n: 2 }, { runAt: ctx.clock.now() + 3_600_000 });
  const counts = (await admin.get('/api/admin/jobs/counts')).json();
  expect(counts.queued).toBeGreaterThanOrEqual(1);
  const res = await ctx.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('# TYPE inkproof_jobs gauge');
  for (const status of ['queued', 'running', 'failed', 'done'] as const) {
    expect(res.body).toContain(`inkproof_jobs{status="${status}"} ${counts[status]}`);
  }
});
