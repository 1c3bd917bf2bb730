import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountMessages as am } from '#shared/accounts/messages.ts';
import { securityMessages as sm } from '#shared/accounts/security-messages.ts';
import { Agent } from '#server/test/agent.ts';
import { linkIn } from '#server/test/smtp.ts';
import { testAppWithSmtp, TEST_ORIGIN } from '#server/test/test-app.ts';
import { TestAuthenticator } from '#server/test/authenticator.ts';
import { stepAt, totpCode } from './totp.ts';

/** The admins' policy, an admin's reset, and e-mail changes. */
let ctx: Awaited<ReturnType<typeof testAppWithSmtp>>;
let admin: Agent;
const PASSWORD = 'Str0ng!Pass';
let n = 0;
const email = () => `ap${++n}-${Date.now()}@example.com`;
const nextIp = () => `198.20.${(++n >> 8) & 255}.${n & 255}`;

beforeAll(async () => {
  ctx = await testAppWithSmtp();
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  admin.ip = '192.0.2.1';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
});
afterAll(() => ctx.close());

async function signedUp() {
  const address = email();
  const agent = new Agent(ctx.app);
  agent.ip = nextIp();
  expect((await agent.register(address, PASSWORD)).statusCode).toBe(201);
  return { address, agent };
}

async function turnOnTotp(agent: Agent) {
  const { secret } = (await agent.post('/api/user/2fa/totp/setup')).json<{ secret: string }>();
  expect(
    (await agent.post('/api/user/2fa/totp/confirm', { code: totpCode(secret, stepAt(ctx.clock.now())) }))
      .statusCode,
  ).toBe(200);
  return secret;
}

async function setPolicy(change: { requireTwoFactorForAdmins?: boolean; requireTwoFactorForAll?: boolean }) {
  const current = (await admin.get('/api/admin/security-settings')).json();
  const res = await admin.put('/api/admin/security-settings', { ...current, ...change });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the two-factor policy', () => {
  test('on a new install admins are asked to set it up; users are not; nobody is locked out', async () => {
    const settings = (await admin.get('/api/admin/security-settings')).json();
    expect(settings).toMatchObject({ requireTwoFactorForAdmins: true, requireTwoFactorForAll: false });
    expect((await admin.get('/api/user')).json().twoFactorSetupRequired).toBe(true);
    const { agent } = await signedUp();
    expect((await agent.get('/api/user')).json().twoFactorSetupRequired).toBe(false);
  });

  test('"for all users" asks every user until they set it up', async () => {
    await setPolicy({ requireTwoFactorForAll: true });
    const { agent } = await signedUp();
    expect((await agent.get('/api/user')).json().twoFactorSetupRequired).toBe(true);
    expect((await agent.get('/api/user/2fa')).json().setupRequired).toBe(true);
    await turnOnTotp(agent);
    expect((await agent.get('/api/user')).json().twoFactorSetupRequired).toBe(false);
    await setPolicy({ requireTwoFactorForAll: false, requireTwoFactorForAdmins: false });
    expect((await admin.get('/api/user')).json().twoFactorSetupRequired).toBe(false);
    await setPolicy({ requireTwoFactorForAdmins: true });
  });
});

describe("an admin's reset", () => {
  test('shows who has two-factor; the reset removes it, is logged, and mails the user', async () => {
    const { address, agent } = await signedUp();
    await turnOnTotp(agent);
    const listed = (await admin.get(`/api/admin/users?q=${encodeURIComponent(address)}`)).json().items[0];
    expect(listed.twoFactor).toBe(true);
    const res = await admin.post(`/api/admin/users/${listed.id}/reset-2fa`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(sm.twoFactorReset);
    expect(
      (await admin.get(`/api/admin/users?q=${encodeURIComponent(address)}`)).json().items[0].twoFactor,
    ).toBe(false);
    const events = await ctx.app.db
      .selectFrom('activity_log')
      .select('event')
      .where('user_id', '=', listed.id)
      .where('event', '=', 'two-factor-reset')
      .execute();
    expect(events).toHaveLength(1);
    await ctx.app.accounts.settle();
    const mails = ctx.smtp.received.filter((m) => m.to.includes(address));
    expect(mails.some((m) => m.text.includes('An administrator reset the two-factor sign-in'))).toBe(true);
    const browser = new Agent(ctx.app);
    browser.ip = nextIp();
    expect((await browser.login(address, PASSWORD)).json().email).toBe(address);
  });

  test('an admin cannot reset their own; an unknown user answers 404; a user is refused 403', async () => {
    const me = (await admin.get('/api/user')).json();
    expect((await admin.post(`/api/admin/users/${me.id}/reset-2fa`)).statusCode).toBe(400);
    expect((await admin.post('/api/admin/users/999999/reset-2fa')).statusCode).toBe(404);
    const { agent } = await signedUp();
    expect((await agent.post(`/api/admin/users/${me.id}/reset-2fa`)).statusCode).toBe(403);
  });
});

describe('changing the e-mail address', () => {
  test('needs the password; the link sent to the new address changes it once; the old address is told', async () => {
    const { address, agent } = await signedUp();
    const newAddress = email();
    const wrong = await agent.post('/api/user/email-change', { email: newAddress, password: 'Wrong!Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(sm.passwordWrong);
    const missing = await agent.post('/api/user/email-change', { email: newAddress });
    expect(missing.statusCode).toBe(400);
    const ok = await agent.post('/api/user/email-change', { email: newAddress, password: PASSWORD });
    expect(ok.statusCode).toBe(202);
    expect(ok.json().message).toBe(sm.emailChangeSent);
    expect((await agent.get('/api/user')).json().email).toBe(address);
    await ctx.app.accounts.settle();
    const link = linkIn(await ctx.smtp.waitFor(newAddress), '/auth');
    expect(link.origin).toBe(TEST_ORIGIN);
    const token = link.searchParams.get('email-change')!;
    const stranger = new Agent(ctx.app);
    await stranger.captcha();
    const done = await stranger.post('/api/user/email-change/confirm', { token });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(sm.emailChangeDone);
    expect((await agent.get('/api/user')).json()).toMatchObject({ email: newAddress, emailVerified: true });
    expect((await stranger.post('/api/user/email-change/confirm', { token })).json().message).toBe(
      sm.emailChangeInvalid,
    );
    await ctx.app.accounts.settle();
    const toOld = ctx.smtp.received.filter((m) => m.to.includes(address)).map((m) => m.text);
    expect(toOld.some((t) => t.includes(`asked to change its e-mail address to ${newAddress}`))).toBe(true);
    expect(toOld.some((t) => t.includes(`was changed to ${newAddress}`))).toBe(true);
  });

  test('refuses a taken address (409), the same address, an invalid one, and an expired link', async () => {
    const taken = await signedUp();
    const { address, agent } = await signedUp();
    expect(
      (await agent.post('/api/user/email-change', { email: taken.address, password: PASSWORD })).statusCode,
    ).toBe(409);
    expect(
      (await agent.post('/api/user/email-change', { email: address, password: PASSWORD })).json().message,
    ).toBe(sm.emailSame);
    const invalid = await agent.post('/api/user/email-change', { email: 'nope', password: PASSWORD });
    expect(invalid.json().message).toBe(am.emailInvalid);
    const newAddress = email();
    await agent.post('/api/user/email-change', { email: newAddress, password: PASSWORD });
    await ctx.app.accounts.settle();
    const token = linkIn(await ctx.smtp.waitFor(newAddress), '/auth').searchParams.get('email-change')!;
    ctx.clock.advance(25 * 60 * 60 * 1000);
    const later = new Agent(ctx.app);
    await later.captcha();
    expect((await later.post('/api/user/email-change/confirm', { token })).statusCode).toBe(400);
  });

  test('every request counts on the account before the password is checked: over the hourly limit 429 with the wait', async () => {
    const { agent } = await signedUp();
    for (let i = 0; i < ctx.app.limits.mailsPerAddressPerHour; i++) {
      const wrong = await agent.post('/api/user/email-change', { email: email(), password: 'Wrong!Pass1' });
      expect(wrong.json().message).toBe(sm.passwordWrong);
    }
    const res = await agent.post('/api/user/email-change', { email: email(), password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: am.tooManyResets, retryAfter: Number(res.headers['retry-after']) });
    expect(res.json().retryAfter).toBeGreaterThan(0);
  });

  test('a passkey can stand in for the password', async () => {
    const { agent } = await signedUp();
    const authenticator = new TestAuthenticator(TEST_ORIGIN);
    const reg = (await agent.post('/api/user/passkeys/options')).json();
    await agent.post('/api/user/passkeys', { name: 'Key', credential: authenticator.create(reg) });
    const options = (await agent.post('/api/user/passkeys/confirm-options')).json();
    const res = await agent.post('/api/user/email-change', {
      email: email(),
      credential: authenticator.get(options),
    });
    expect(res.statusCode).toBe(202);
  });
});
