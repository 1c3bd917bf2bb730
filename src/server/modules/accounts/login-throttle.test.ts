import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { defaultLimits } from '#server/lib/limits.ts';
import { Agent } from '#server/test/agent.ts';
import { linkIn } from '#server/test/smtp.ts';
import { testAppWithSmtp } from '#server/test/test-app.ts';

/**
 * Attempts are counted before the password is checked, so concurrent
 * requests cannot slip past a limit, and failures from one network cannot lock the owner out.
 */
let ctx: Awaited<ReturnType<typeof testAppWithSmtp>>;
let smtp: Awaited<ReturnType<typeof testAppWithSmtp>>['smtp'];
const PASSWORD = 'Str0ng!Pass';
const WRONG = 'Wrong!Pass1';
const limits = defaultLimits();
let n = 0;
const email = () => `throttle${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  ctx = await testAppWithSmtp();
  smtp = ctx.smtp;
});
afterAll(() => ctx.close());

async function registered() {
  const address = email();
  const a = new Agent(ctx.app);
  a.ip = `203.0.113.${++n % 250}`;
  expect((await a.register(address, PASSWORD)).statusCode).toBe(201);
  await a.post('/api/logout');
  return address;
}

/**
 * Agents that each hold a fresh login CAPTCHA, ready to fire at the same moment from `ip(i)`. The
 * CAPTCHAs are drawn from addresses of their own: images are limited per IP and minute.
 */
let drawn = 0;
async function agentsWithCaptcha(count: number, ip: (i: number) => string) {
  const agents: Agent[] = [];
  for (let i = 0; i < count; i++) {
    const a = new Agent(ctx.app);
    a.ip = `10.77.${(++drawn >> 8) & 255}.${drawn & 255}`;
    await a.captcha('login');
    a.ip = ip(i);
    agents.push(a);
  }
  return agents;
}
const loginNow = (a: Agent, address: string, password: string) =>
  a.post('/api/login', { email: address, password, captcha: 'Tst9Zq' });
const statuses = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

/** Moves past every login window, so one test's counters do not reach the next. */
const nextWindow = () => ctx.clock.advance(limits.loginWindowMs + 60_000);

describe('concurrent attempts are counted before the password is checked', () => {
  test('40 concurrent wrong passwords from one network against one account: at most 5 are evaluated', async () => {
    const address = await registered();
    const agents = await agentsWithCaptcha(40, () => '198.18.7.1');
    const res = await Promise.all(agents.map((a) => loginNow(a, address, WRONG)));
    const count = statuses(res.map((r) => r.statusCode));
    expect(count[401]).toBe(limits.loginFailuresPerAccount);
    expect(count[429]).toBe(40 - limits.loginFailuresPerAccount);
    nextWindow();
  });

  test('100 concurrent wrong passwords from one IP against many addresses: at most 20 are evaluated', async () => {
    const agents = await agentsWithCaptcha(100, () => '198.18.7.2');
    const res = await Promise.all(agents.map((a, i) => loginNow(a, `nobody${i}@example.com`, WRONG)));
    const count = statuses(res.map((r) => r.statusCode));
    expect(count[401]).toBe(limits.loginFailuresPerIp);
    expect(count[429]).toBe(100 - limits.loginFailuresPerIp);
    nextWindow();
  });

  test('a correct login does not use up the allowance of its network', async () => {
    const address = await registered();
    const a = new Agent(ctx.app);
    a.ip = '198.18.7.3';
    for (let i = 0; i < limits.loginFailuresPerIp + 5; i++) {
      expect((await a.login(address, PASSWORD)).statusCode).toBe(200);
      await a.post('/api/logout');
    }
    nextWindow();
  });

  test('60 concurrent wrong passwords from 60 networks: only the first 50 get a real answer', async () => {
    const address = await registered();
    const ceiling = limits.loginFailuresPerAccount * 10;
    const agents = await agentsWithCaptcha(ceiling + 10, (i) => `198.19.${Math.floor(i / 200)}.${i % 200}`);
    const res = await Promise.all(agents.map((a) => loginNow(a, address, WRONG)));
    const messages = res.map((r) => r.json().message as string);
    expect(messages.filter((msg) => msg === m.invalidCredentials)).toHaveLength(ceiling);
    expect(messages.filter((msg) => msg === m.loginHeld)).toHaveLength(10);
    nextWindow();
  });
});

describe('failures from one network do not lock the owner out', () => {
  test('5 failures from IP A: the right password from IP B still works, IP A stays throttled', async () => {
    const address = await registered();
    const attacker = new Agent(ctx.app);
    attacker.ip = '192.0.2.66';
    for (let i = 0; i < limits.loginFailuresPerAccount; i++)
      expect((await attacker.login(address, WRONG)).statusCode).toBe(401);
    const owner = new Agent(ctx.app);
    owner.ip = '192.0.2.77';
    const ok = await owner.login(address, PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(address);

    const blocked = await attacker.login(address, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(m.tooManyLogins);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    nextWindow();
    expect((await attacker.login(address, PASSWORD)).statusCode).toBe(200);
  });

  test('the owner is e-mailed once per window about failed attempts, with the addresses they came from', async () => {
    const address = await registered();
    for (const ip of ['192.0.2.81', '192.0.2.82', '192.0.2.83']) {
      const a = new Agent(ctx.app);
      a.ip = ip;
      for (let i = 0; i < 3; i++) await a.login(address, WRONG);
    }
    await ctx.app.accounts.settle();
    const warnings = () =>
      smtp.received.filter((mail) => mail.to.includes(address) && /failed sign-in attempts/i.test(mail.text));
    expect(warnings()).toHaveLength(1);
    const text = warnings()[0]!.text;
    expect(text).toContain('192.0.2.81');
    expect(text).toContain('192.0.2.82');
    expect(text).toMatch(/password/i);
    nextWindow();
  });

  test('past the account-wide ceiling the right password gets the same answer as a wrong one, and a one-time link by mail', async () => {
    const address = await registered();
    const ceiling = limits.loginFailuresPerAccount * 10;
    for (let i = 0; i < ceiling; i++) {
      const a = new Agent(ctx.app);
      a.ip = `198.20.${Math.floor(i / 200)}.${i % 200}`;
      expect((await a.login(address, WRONG)).statusCode).toBe(401);
    }
    const guesser = new Agent(ctx.app);
    guesser.ip = '192.0.2.90';
    const wrong = await guesser.login(address, WRONG);
    const owner = new Agent(ctx.app);
    owner.ip = '192.0.2.91';
    const right = await owner.login(address, PASSWORD);
    expect(right.statusCode).toBe(wrong.statusCode);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json().message).toBe(m.loginHeld);
    expect((await owner.get('/api/user')).statusCode).toBe(401);

    await ctx.app.accounts.settle();
    const linkMails = smtp.received.filter(
      (mail) => mail.to.includes(address) && mail.text.includes('/auth?signin='),
    );
    expect(linkMails).toHaveLength(1); // the wrong guess earned nothing
    const link = linkIn(linkMails[0]!, '/auth');
    const token = link.searchParams.get('token')!;
    expect(link.searchParams.get('signin')).toBe('link');
    expect(token.length).toBeGreaterThanOrEqual(22); // 128 bits or more, base64url

    const used = await owner.post('/api/login-link', { token, email: address });
    expect(used.statusCode).toBe(200);
    expect(used.json().email).toBe(address);
    expect((await owner.get('/api/user')).json().email).toBe(address);

    const again = new Agent(ctx.app);
    await again.captcha();
    const replay = await again.post('/api/login-link', { token, email: address });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(m.loginLinkInvalid);
    nextWindow();
  });

  test('a one-time sign-in link expires after 15 minutes and needs the CSRF header', async () => {
    const address = await registered();
    const ceiling = limits.loginFailuresPerAccount * 10;
    for (let i = 0; i < ceiling; i++) {
      const a = new Agent(ctx.app);
      a.ip = `198.21.${Math.floor(i / 200)}.${i % 200}`;
      await a.login(address, WRONG);
    }
    const owner = new Agent(ctx.app);
    owner.ip = '192.0.2.95';
    await owner.login(address, PASSWORD);
    await ctx.app.accounts.settle();
    const mail = await smtp.waitFor(address, 3); // confirmation, warning, link
    const token = linkIn(mail, '/auth').searchParams.get('token')!;
    const noCsrf = await owner.request('POST', '/api/login-link', { token, email: address }, { csrf: null });
    expect(noCsrf.statusCode).toBe(403);
    ctx.clock.advance(16 * 60 * 1000);
    await owner.captcha();
    expect((await owner.post('/api/login-link', { token, email: address })).statusCode).toBe(400);
    nextWindow();
  });
});
