import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { securityMessages as sm } from '#shared/accounts/security-messages.ts';
import { SESSION_TIMEOUT_HEADER } from '#shared/constants.ts';
import { defaultLimits } from '#server/lib/limits.ts';
import { Agent } from '#server/test/agent.ts';
import { testAppWithSmtp } from '#server/test/test-app.ts';
import { PENDING_LOGIN_TTL_MS } from './pending-logins.ts';
import { stepAt, TOTP_STEP_MS, totpCode } from './totp.ts';

/** The authenticator app, the second sign-in step, its limits. */
let ctx: Awaited<ReturnType<typeof testAppWithSmtp>>;
const PASSWORD = 'Str0ng!Pass';
const limits = defaultLimits();
let n = 0;
const email = () => `tf${++n}-${Date.now()}@example.com`;
const nextIp = () => `198.18.${(++n >> 8) & 255}.${n & 255}`;

beforeAll(async () => {
  ctx = await testAppWithSmtp();
});
afterAll(() => ctx.close());

const nextWindow = () => ctx.clock.advance(limits.loginWindowMs + 60_000);
const codeNow = (secret: string, offsetSteps = 0) => totpCode(secret, stepAt(ctx.clock.now()) + offsetSteps);
/** The next step's start: codes used by earlier logins of the same user are then spent. */
const nextStep = () => ctx.clock.advance(TOTP_STEP_MS);

async function signedUp() {
  const address = email();
  const agent = new Agent(ctx.app);
  agent.ip = nextIp();
  expect((await agent.register(address, PASSWORD)).statusCode).toBe(201);
  return { address, agent };
}

/** A signed-in user with the authenticator app on; returns its secret and recovery codes. */
async function withTotp() {
  const { address, agent } = await signedUp();
  const setup = await agent.post('/api/user/2fa/totp/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirm = await agent.post('/api/user/2fa/totp/confirm', { code: codeNow(secret) });
  expect(confirm.statusCode).toBe(200);
  nextStep();
  return { address, agent, secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** A fresh browser that passed the password step: it holds a pending login, no session. */
async function pendingLogin(address: string, ip = nextIp()) {
  const browser = new Agent(ctx.app);
  browser.ip = ip;
  const res = await browser.login(address, PASSWORD);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
  return browser;
}

describe('setting up the authenticator app', () => {
  test('setup gives a secret and an otpauth URI; a current code confirms it and gives 10 recovery codes once', async () => {
    const { agent } = await signedUp();
    const setup = await agent.post('/api/user/2fa/totp/setup');
    const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Inkproof');
    expect((await agent.post('/api/user/2fa/totp/confirm', { code: '000000' })).json().message).toBe(
      sm.codeWrong,
    );
    const ok = await agent.post('/api/user/2fa/totp/confirm', { code: codeNow(secret) });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const status = (await agent.get('/api/user/2fa')).json();
    expect(status).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: [] });
    expect((await agent.post('/api/user/2fa/totp/setup')).statusCode).toBe(409);
  });

  test('the secret is stored sealed, not in clear', async () => {
    const { address, secret } = await withTotp();
    const user = (await ctx.app.accounts.findByEmail(address))!;
    const row = await ctx.app.db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(ctx.app.secretBox.open(row.secret_sealed)).toBe(secret);
  });

  test('turning it on ends the other sessions and mails the owner', async () => {
    const { address, agent } = await signedUp();
    const other = new Agent(ctx.app);
    other.ip = nextIp();
    expect((await other.login(address, PASSWORD)).statusCode).toBe(200);
    const { secret } = (await agent.post('/api/user/2fa/totp/setup')).json<{ secret: string }>();
    await agent.post('/api/user/2fa/totp/confirm', { code: codeNow(secret) });
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    await ctx.app.accounts.settle();
    const mail = await ctx.smtp.waitFor(address, 2);
    expect(mail.text).toContain('Two-factor sign-in was turned on');
  });

  test('codes with letters or the wrong length are refused with a clear message', async () => {
    const { agent } = await signedUp();
    await agent.post('/api/user/2fa/totp/setup');
    for (const code of ['12a456', '12345', '1234567', '']) {
      const res = await agent.post('/api/user/2fa/totp/confirm', { code });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(sm.codeFormat);
    }
  });
});

describe('signing in with a second step', () => {
  test('a right password answers twoFactorRequired and grants no session; the code then signs in', async () => {
    const { address, secret } = await withTotp();
    const browser = await pendingLogin(address);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    const code = codeNow(secret);
    const res = await browser.post('/api/login/2fa', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(address);
    // the browser counts the server's idle timeout from here, as after a one-step log-in
    expect(res.headers[SESSION_TIMEOUT_HEADER]).toBe(String(limits.sessionIdleMs / 1000));
    expect((await browser.get('/api/user')).statusCode).toBe(200);
    expect(browser.cookies.has('inkproof_2fa')).toBe(false);
  });

  test('a code is accepted once: the same code again is refused (replay)', async () => {
    const { address, secret } = await withTotp();
    const code = codeNow(secret);
    expect((await (await pendingLogin(address)).post('/api/login/2fa', { code })).statusCode).toBe(200);
    const again = await (await pendingLogin(address)).post('/api/login/2fa', { code });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(sm.codeWrong);
    // a refused step is not an ended session: the page keeps the form instead of leaving for sign-in
    expect(again.json().code).toBeUndefined();
  });

  test.each([-1, 1])('a code from a clock %i step(s) off still signs in', async (offset) => {
    const { address, secret } = await withTotp();
    nextStep(); // the step before now must not be the one the set-up spent
    const res = await (await pendingLogin(address)).post('/api/login/2fa', { code: codeNow(secret, offset) });
    expect(res.statusCode).toBe(200);
  });

  test('a code two steps off is refused', async () => {
    const { address, secret } = await withTotp();
    const res = await (await pendingLogin(address)).post('/api/login/2fa', { code: codeNow(secret, 2) });
    expect(res.statusCode).toBe(401);
  });

  test('a recovery code signs in once, dashes and case ignored; used again it is refused', async () => {
    const { address, recoveryCodes } = await withTotp();
    const recoveryCode = recoveryCodes[3]!.toUpperCase();
    expect((await (await pendingLogin(address)).post('/api/login/2fa', { recoveryCode })).statusCode).toBe(
      200,
    );
    const reused = await (await pendingLogin(address)).post('/api/login/2fa', { recoveryCode });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(sm.recoveryWrong);
  });

  test('an expired pending login is refused, and a browser without one gets no session', async () => {
    const { address, secret } = await withTotp();
    const browser = await pendingLogin(address);
    ctx.clock.advance(PENDING_LOGIN_TTL_MS + 1000);
    const res = await browser.post('/api/login/2fa', { code: codeNow(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(sm.pendingExpired);
    const stranger = new Agent(ctx.app);
    await stranger.captcha();
    const none = await stranger.post('/api/login/2fa', { code: codeNow(secret) });
    expect(none.statusCode).toBe(401);
    expect((await stranger.get('/api/user')).statusCode).toBe(401);
  });

  test('bad input answers 400 with a message: letters, both or neither of code and recovery code', async () => {
    const { address } = await withTotp();
    const browser = await pendingLogin(address);
    for (const body of [{ code: 'abcdef' }, { code: '123456', recoveryCode: 'abcde-fghjk' }, {}]) {
      const res = await browser.post('/api/login/2fa', body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });

  test('5 wrong codes end the pending login: even the right code is then refused', async () => {
    const { address, secret } = await withTotp();
    const browser = await pendingLogin(address);
    for (let i = 0; i < 5; i++)
      expect((await browser.post('/api/login/2fa', { code: '000000' })).statusCode).toBe(401);
    const res = await browser.post('/api/login/2fa', { code: codeNow(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(sm.pendingEnded);
    nextWindow();
  });

  test('20 concurrent wrong codes: at most the limit are evaluated, none signs in', async () => {
    const { address } = await withTotp();
    const user = (await ctx.app.accounts.findByEmail(address))!;
    const browser = await pendingLogin(address);
    const res = await Promise.all(
      Array.from({ length: 20 }, () => browser.post('/api/login/2fa', { code: '000000' })),
    );
    expect(res.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    const evaluated = res.filter((r) => r.json().message === sm.codeWrong).length;
    expect(evaluated).toBe(5);
    await ctx.app.accounts.settle();
    const logged = await ctx.app.db
      .selectFrom('activity_log')
      .select('id')
      .where('user_id', '=', user.id)
      .where('event', '=', 'two-factor-failed')
      .execute();
    expect(logged).toHaveLength(5);
    nextWindow();
  });

  test('wrong codes over several pending logins from one network are throttled per account (429)', async () => {
    const { address, secret } = await withTotp();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const browser = await pendingLogin(address, ip);
      for (let j = 0; j < 3; j++)
        statuses.push((await browser.post('/api/login/2fa', { code: '000000' })).statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(limits.loginFailuresPerAccount);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const blocked = await (await pendingLogin(address, ip)).post('/api/login/2fa', { code: codeNow(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeTruthy();
    nextWindow();
  });
});

describe('codes checked from a signed-in session', () => {
  test('count per user before they are checked: over the limit 429 with the wait', async () => {
    const { agent } = await signedUp();
    expect((await agent.post('/api/user/2fa/totp/setup')).statusCode).toBe(200);
    for (let i = 0; i < limits.loginFailuresPerAccount; i++)
      expect((await agent.post('/api/user/2fa/totp/confirm', { code: '000000' })).statusCode).toBe(400);
    const res = await agent.post('/api/user/2fa/totp/confirm', { code: '000000' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: sm.tooManyCodes, retryAfter: Number(res.headers['retry-after']) });
    expect(res.json().retryAfter).toBeGreaterThan(0);
  });
});

describe('new recovery codes', () => {
  test('need the password: a wrong one is refused, the right one replaces the codes', async () => {
    const { agent, recoveryCodes } = await withTotp();
    const wrong = await agent.post('/api/user/2fa/recovery-codes', { password: 'Wrong!Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: sm.passwordWrong });
    const fresh = await agent.post('/api/user/2fa/recovery-codes', { password: PASSWORD });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(recoveryCodes.length);
    expect(codes).not.toContain(recoveryCodes[0]);
  });

  test('are refused without the authenticator app', async () => {
    const { agent } = await signedUp();
    const res = await agent.post('/api/user/2fa/recovery-codes', { password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(sm.totpNotOn);
  });
});

describe('turning the authenticator app off', () => {
  test('needs the password and a current code; then the password alone signs in', async () => {
    const { address, agent, secret } = await withTotp();
    const wrongPassword = await agent.post('/api/user/2fa/totp/disable', {
      password: 'Wrong!Pass1',
      code: codeNow(secret),
    });
    expect(wrongPassword.json().message).toBe(sm.passwordWrong);
    const wrongCode = await agent.post('/api/user/2fa/totp/disable', { password: PASSWORD, code: '000000' });
    expect(wrongCode.json().message).toBe(sm.codeWrong);
    const ok = await agent.post('/api/user/2fa/totp/disable', { password: PASSWORD, code: codeNow(secret) });
    expect(ok.statusCode).toBe(200);
    expect((await agent.get('/api/user/2fa')).json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    const browser = new Agent(ctx.app);
    browser.ip = nextIp();
    const login = await browser.login(address, PASSWORD);
    expect(login.json().email).toBe(address);
    nextWindow();
  });
});

describe('sessions page', () => {
  test('lists the sessions with device, IP and this device; signs out one, then all others', async () => {
    const { address, agent } = await signedUp();
    const phone = new Agent(ctx.app);
    phone.ip = '203.0.113.77';
    const ua =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
    await phone.captcha();
    await phone.request(
      'POST',
      '/api/login',
      { email: address, password: PASSWORD, captcha: 'Tst9Zq' },
      { headers: { 'user-agent': ua } },
    );
    const laptop = new Agent(ctx.app);
    laptop.ip = nextIp();
    await laptop.login(address, PASSWORD);
    const list = (await agent.get('/api/user/sessions')).json<
      { id: string; device: string; ip: string; current: boolean; createdAt: string; lastSeenAt: string }[]
    >();
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const iphone = list.find((s) => s.ip === '203.0.113.77')!;
    expect(iphone.device).toBe('Safari on iOS');
    expect(iphone.createdAt).toBeTruthy();
    expect(iphone.lastSeenAt).toBeTruthy();
    const del = await agent.request('DELETE', `/api/user/sessions/${iphone.id}`);
    expect(del.statusCode).toBe(204);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await agent.request('DELETE', `/api/user/sessions/${iphone.id}`)).statusCode).toBe(404);
    expect((await agent.request('DELETE', '/api/user/sessions/not-an-id')).statusCode).toBe(400);
    const others = await agent.post('/api/user/sessions/revoke-others');
    expect(others.json()).toEqual({ revoked: 1 });
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await agent.get('/api/user/sessions')).json()).toHaveLength(1);
  });

  test("another user's session id answers 404", async () => {
    const a = await signedUp();
    const b = await signedUp();
    const bSession = (await b.agent.get('/api/user/sessions')).json<{ id: string }[]>()[0]!;
    expect((await a.agent.request('DELETE', `/api/user/sessions/${bSession.id}`)).statusCode).toBe(404);
    expect((await b.agent.get('/api/user')).statusCode).toBe(200);
  });

  test('changing the password ends the other sessions and mails the owner', async () => {
    const { address, agent } = await signedUp();
    const other = new Agent(ctx.app);
    other.ip = nextIp();
    await other.login(address, PASSWORD);
    const res = await agent.post('/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'N3w!Sturdy-Pass',
    });
    expect(res.statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    await ctx.app.accounts.settle();
    const mail = await ctx.smtp.waitFor(address, 2);
    expect(mail.text).toContain('password of your Inkproof account was changed');
  });
});

describe('breached and common passwords', () => {
  test.each(['P@ssw0rd', 'Password1!', 'PassWord1!'])(
    '%s is refused as a new password, naming the reason',
    async (pw) => {
      const { agent } = await signedUp();
      const res = await agent.post('/api/user/change-password', {
        currentPassword: PASSWORD,
        newPassword: pw,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(sm.passwordCommon);
    },
  );

  test('registration refuses a common password', async () => {
    const agent = new Agent(ctx.app);
    agent.ip = nextIp();
    const res = await agent.register(email(), 'P@ssw0rd');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(sm.passwordCommon);
  });
});
