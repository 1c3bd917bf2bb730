import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { Agent } from '#server/test/agent.ts';
import { linkIn } from '#server/test/smtp.ts';
import { queriesDuring } from '#server/test/queries.ts';
import { TEST_CAPTCHA, testAppWithSmtp } from '#server/test/test-app.ts';
import type { BackgroundJobs } from './background-jobs.ts';

// argon2 as it is, counted: both sign-up paths must hash the password once
vi.mock('@node-rs/argon2', async (actual) => {
  const argon2 = await actual<typeof import('@node-rs/argon2')>();
  return { ...argon2, hash: vi.fn(argon2.hash) };
});

/**
 * Sign-up is e-mail first, so POST /api/register answers the same whether or
 * not the address already has an account (decision 018).
 */
let ctx: Awaited<ReturnType<typeof testAppWithSmtp>>;
let smtp: Awaited<ReturnType<typeof testAppWithSmtp>>['smtp'];
const PASSWORD = 'Str0ng!Pass';
let n = 0;
const email = () => `signup${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  ctx = await testAppWithSmtp();
  smtp = ctx.smtp;
});
afterAll(() => ctx.close());

function visitor() {
  const a = new Agent(ctx.app);
  a.ip = `198.51.100.${++n % 250}`;
  return a;
}
async function signUpRequest(a: Agent, address: string, extra: Record<string, unknown> = {}) {
  await a.captcha('register');
  return a.post('/api/register', {
    email: address,
    password: PASSWORD,
    agreeToTerms: true,
    securityQuestion: TEST_CAPTCHA,
    ...extra,
  });
}
async function existingAccount() {
  const address = email();
  expect((await visitor().register(address, PASSWORD)).statusCode).toBe(201);
  return address;
}
const verifyUrl = (link: URL, address: string) =>
  `/api/verify-email?token=${link.searchParams.get('token')}&email=${encodeURIComponent(address)}`;
/** The auth page's log-in after a confirmed sign-up: it carries the link's token. */
async function finishSignUp(a: Agent, address: string, link: URL, password = PASSWORD) {
  await a.captcha('login');
  return a.post('/api/login', {
    email: address,
    password,
    captcha: TEST_CAPTCHA,
    signUpToken: link.searchParams.get('token'),
  });
}

describe('registration does not tell whether an address has an account', () => {
  test('a taken address gets the same status, body and cookies as a new one, and its owner is mailed', async () => {
    const taken = await existingAccount();
    const fresh = email();
    const a = visitor();
    const b = visitor();
    const forNew = await signUpRequest(a, fresh);
    const forTaken = await signUpRequest(b, taken.toUpperCase());
    expect(forTaken.statusCode).toBe(forNew.statusCode);
    expect(forTaken.json()).toEqual(forNew.json());
    expect(forNew.statusCode).toBe(202);
    expect(forNew.json().message).toBe(m.signUpRequested);
    expect(Boolean(forTaken.headers['set-cookie'])).toBe(Boolean(forNew.headers['set-cookie']));
    expect((await a.get('/api/user')).statusCode).toBe(401);
    expect((await b.get('/api/user')).statusCode).toBe(401);

    await ctx.app.accounts.settle();
    const owner = await smtp.waitFor(taken, 2); // the first is the owner's own confirmation
    expect(owner.text).toMatch(/tried to create an account on Inkproof/i);
    expect(owner.text).toContain('/auth?tab=forgot-password');
    expect(owner.text).not.toContain('verification=true');
    const newcomer = await smtp.waitFor(fresh);
    expect(newcomer.text).toContain('verification=true');
  });

  test('a taken address does the same work as a new one before the answer: one password hash', async () => {
    const taken = await existingAccount();
    await ctx.app.accounts.settle();
    const jobs = (ctx.app.accounts as unknown as { jobs: BackgroundJobs }).jobs;
    const held: (() => Promise<void>)[] = [];
    const run = vi.spyOn(jobs, 'run').mockImplementation((job) => void held.push(job));
    const answer = async (address: string) => {
      const a = visitor();
      await a.captcha('register');
      vi.mocked(hash).mockClear();
      const { result, sql } = await queriesDuring(ctx.app.db, () => signUpRequest(a, address));
      return {
        status: result.statusCode,
        body: result.json(),
        sql,
        hashes: vi.mocked(hash).mock.calls.length,
      };
    };
    try {
      const forTaken = await answer(taken);
      const forFresh = await answer(email());
      expect(forTaken).toMatchObject({ status: 202, hashes: 1 });
      // the request's own work: its session, its CAPTCHA, its rate limit
      expect(forTaken.sql.some((q) => q.startsWith('delete from "captchas"'))).toBe(true);
      expect(forTaken).toEqual(forFresh);
      expect(held).toHaveLength(2);
    } finally {
      run.mockRestore();
    }
    for (const job of held) await job();
  });
});

describe('the mailed link finishes the sign-up', () => {
  test('the first log-in with the link and the chosen password creates a verified account', async () => {
    const address = email();
    const a = visitor();
    expect((await signUpRequest(a, address, { username: 'jane_doe', role: 'admin' })).statusCode).toBe(202);
    expect((await a.login(address, PASSWORD)).statusCode).toBe(401);

    const link = linkIn(await smtp.waitFor(address), '/auth');
    expect(link.origin).toBe('http://inkproof.test');
    expect(link.searchParams.get('verification')).toBe('true');
    const ok = await a.get(verifyUrl(link, address));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: m.signUpFinish, finishSignUp: true });
    expect((await a.get('/api/user')).statusCode).toBe(401); // the page then switches to login
    expect((await a.login(address, PASSWORD)).statusCode).toBe(401); // no account without the link

    const login = await finishSignUp(a, address, link);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      email: address,
      name: 'jane_doe',
      role: 'user',
      emailVerified: true,
    });
    expect(JSON.stringify(login.json())).not.toMatch(/hash|argon/i);
    expect((await a.get(verifyUrl(link, address))).statusCode).toBe(400);
  });

  test('signing up again replaces the pending sign-up: only the newest link works', async () => {
    const address = email();
    const a = visitor();
    await signUpRequest(a, address);
    const first = linkIn(await smtp.waitFor(address), '/auth');
    await signUpRequest(a, address, { password: 'An0ther!Pass' });
    const second = linkIn(await smtp.waitFor(address, 2), '/auth');
    expect((await a.get(verifyUrl(first, address))).statusCode).toBe(400);
    expect((await a.get(verifyUrl(second, address))).statusCode).toBe(200);
    expect((await finishSignUp(a, address, first, 'An0ther!Pass')).statusCode).toBe(401);
    expect((await finishSignUp(a, address, second, 'An0ther!Pass')).statusCode).toBe(200);
  });

  test('a sign-up link expires after 24 hours', async () => {
    const address = email();
    const a = visitor();
    await signUpRequest(a, address);
    const link = linkIn(await smtp.waitFor(address), '/auth');
    ctx.clock.advance(25 * 60 * 60 * 1000);
    const res = await a.get(verifyUrl(link, address));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.verifyInvalid);
  });

  test('a sign-up link for another address is refused', async () => {
    const address = email();
    const a = visitor();
    await signUpRequest(a, address);
    const link = linkIn(await smtp.waitFor(address), '/auth');
    expect((await a.get(verifyUrl(link, 'other@example.com'))).statusCode).toBe(400);
  });
});

// Before: opening the link created the account with whatever password the sign-up carried, so
// someone who signed up with another person's address owned the account that person confirmed.
test("the owner of an address who opens a stranger's sign-up link does not create the stranger's account", async () => {
  const address = email();
  const stranger = visitor();
  await signUpRequest(stranger, address, { password: 'Str4nger!Pass' });
  const link = linkIn(await smtp.waitFor(address), '/auth');
  const owner = visitor();
  expect((await owner.get(verifyUrl(link, address))).statusCode).toBe(200);
  expect((await finishSignUp(owner, address, link, 'Own3r!Guess')).statusCode).toBe(401);
  expect((await stranger.login(address, 'Str4nger!Pass')).statusCode).toBe(401);
  const users = await ctx.app.db.selectFrom('users').select('id').where('email', '=', address).execute();
  expect(users).toHaveLength(0);
});
