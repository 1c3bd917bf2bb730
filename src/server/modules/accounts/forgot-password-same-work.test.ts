import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { Agent } from '#server/test/agent.ts';
import { queriesDuring } from '#server/test/queries.ts';
import { TEST_CAPTCHA, testApp, type TestContext } from '#server/test/test-app.ts';
import type { BackgroundJobs } from './background-jobs.ts';

/**
 * The forgot-password answer must not tell whether an address has an account, by its content or
 * by its time: before the answer, a known and an unknown address run the same queries, and the
 * look-up, the token and the mail wait for the background job.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

test('a known and an unknown address do the same work before the answer', async () => {
  const owner = new Agent(ctx.app);
  owner.ip = '203.0.113.1';
  expect((await owner.register('known@example.com')).statusCode).toBe(201);
  await ctx.app.accounts.settle();

  const jobs = (ctx.app.accounts as unknown as { jobs: BackgroundJobs }).jobs;
  const held: (() => Promise<void>)[] = [];
  const run = vi.spyOn(jobs, 'run').mockImplementation((job) => void held.push(job));
  const findByEmail = vi.spyOn(ctx.app.accounts, 'findByEmail');
  const answer = async (address: string, ip: string) => {
    const a = new Agent(ctx.app);
    a.ip = ip;
    await a.captcha('forgot-password');
    const { result, sql } = await queriesDuring(ctx.app.db, () =>
      a.post('/api/forgot-password', { email: address, captcha: TEST_CAPTCHA }),
    );
    return { status: result.statusCode, body: result.json(), sql };
  };
  try {
    const known = await answer('known@example.com', '198.18.0.1');
    const unknown = await answer('ghost@example.com', '198.18.0.2');
    expect(known.status).toBe(200);
    expect(known).toEqual(unknown);
    expect(known.sql.length).toBeGreaterThan(0);
    expect(findByEmail).not.toHaveBeenCalled();
    expect(held).toHaveLength(2);
  } finally {
    run.mockRestore();
    findByEmail.mockRestore();
  }
  // the held work is where the two part: only the known address gets a link
  const tokensBefore = await ctx.app.db
    .selectFrom('tokens')
    .select('kind')
    .where('kind', '=', 'reset-password')
    .execute();
  for (const job of held) await job();
  await ctx.app.accounts.settle();
  const after = await ctx.app.db
    .selectFrom('tokens')
    .select('kind')
    .where('kind', '=', 'reset-password')
    .execute();
  expect(after.length - tokensBefore.length).toBe(1);
});
