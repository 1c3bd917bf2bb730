import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { accountMessages as m, withRetryAfter } from '#shared/accounts/messages.ts';
import { securityMessages as sm } from '#shared/accounts/security-messages.ts';
import { Agent } from '#server/test/agent.ts';
import { linkIn } from '#server/test/smtp.ts';
import { TEST_CAPTCHA, testAppWithSmtp } from '#server/test/test-app.ts';

let ctx: Awaited<ReturnType<typeof testAppWithSmtp>>;
let smtp: Awaited<ReturnType<typeof testAppWithSmtp>>['smtp'];
let n = 0;
const email = () => `user${++n}-${Date.now()}@example.com`;
const PASSWORD = 'Str0ng!Pass';

beforeAll(async () => {
  ctx = await testAppWithSmtp();
  smtp = ctx.smtp;
});
afterAll(() => ctx.close());

let agent: Agent;
beforeEach(() => {
  agent = new Agent(ctx.app);
  agent.ip = `198.51.100.${++n % 250}`;
});

async function registered(address = email()) {
  const a = new Agent(ctx.app);
  a.ip = agent.ip;
  const res = await a.register(address, PASSWORD);
  expect(res.statusCode).toBe(201);
  await a.post('/api/logout');
  return address;
}

describe('GET /api/user', () => {
  test('answers 401 with a message when signed out', async () => {
    const res = await agent.get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(m.notSignedIn);
  });
});

describe('registration', () => {
  test('once the mailed link is opened the account exists, verified, and the user carries no secrets', async () => {
    const address = email();
    const res = await agent.register(address, PASSWORD, { username: 'jane_doe' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email: address,
      name: 'jane_doe',
      role: 'user',
      emailVerified: true,
      loginCount: 1,
    });
    expect(JSON.stringify(user)).not.toMatch(/hash|argon/i);
    const me = await agent.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(address);
  });

  test('a client-sent role is ignored', async () => {
    const res = await agent.register(email(), PASSWORD, { role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('user');
  });

  test.each([
    [{ username: 'ab' }, m.usernameShort],
    [{ username: 'x'.repeat(51) }, m.usernameLong],
    [{ username: 'bad name!' }, m.usernameChars],
    [{ email: 'not-an-email' }, m.emailInvalid],
    [{ email: `${'a'.repeat(95)}@x.com` }, m.emailTooLong],
    [{ email: 'someone@mailinator.com' }, m.emailDisposable],
    [{ password: 'Sh0rt!' }, m.passwordShort],
    [{ password: `Aa1!${'x'.repeat(97)}` }, m.passwordLong],
    [{ password: 'lower0nly!' }, m.passwordUpper],
    [{ password: 'UPPER0NLY!' }, m.passwordLower],
    [{ password: 'NoDigits!!' }, m.passwordDigit],
    [{ password: 'NoSpecial12' }, m.passwordSpecial],
    [{ agreeToTerms: false }, m.termsRequired],
    [{ securityQuestion: '' }, m.securityQuestionRequired],
  ])('refuses %o with the spec message', async (patch, message) => {
    await agent.captcha('register');
    const res = await agent.post('/api/register', {
      email: email(),
      password: PASSWORD,
      agreeToTerms: true,
      securityQuestion: 'Tst9Zq',
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  test('a wrong CAPTCHA answer is refused and the challenge is spent', async () => {
    const address = email();
    await agent.captcha('register');
    const wrong = await agent.post('/api/register', {
      email: address,
      password: PASSWORD,
      agreeToTerms: true,
      securityQuestion: 'nope12',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(m.captchaWrong);
    const retry = await agent.post('/api/register', {
      email: address,
      password: PASSWORD,
      agreeToTerms: true,
      securityQuestion: 'Tst9Zq',
    });
    expect(retry.statusCode).toBe(400);
  });

  test('an e-mail already registered answers like a new one, whatever its case', async () => {
    const address = await registered();
    const res = await agent.register(address.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(m.signUpRequested);
  });
});

describe('e-mail verification of an unverified address (an admin resends it)', () => {
  /** Signs a new account in, marks its address unverified and mails a link; returns the link. */
  async function changedAddress() {
    const address = await registered();
    await agent.login(address, PASSWORD);
    const user = (await ctx.app.accounts.findByEmail(address))!;
    await ctx.app.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('id', '=', user.id)
      .execute();
    const before = smtp.received.filter((r) => r.to.includes(address)).length;
    await ctx.app.accounts.sendVerification(user);
    return { address, link: linkIn(await smtp.waitFor(address, before + 1), '/auth') };
  }
  const verifyUrl = (link: URL, address: string) =>
    `/api/verify-email?token=${link.searchParams.get('token')}&email=${encodeURIComponent(address)}`;

  test('the mailed link verifies the address once', async () => {
    const { address, link } = await changedAddress();
    expect(link.origin).toBe('http://inkproof.test');
    expect(link.searchParams.get('verification')).toBe('true');
    expect((await agent.get('/api/user')).json().emailVerified).toBe(false);
    const ok = await agent.get(verifyUrl(link, address));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(m.verifyOk);
    expect((await agent.get('/api/user')).json().emailVerified).toBe(true);
    const reused = await agent.get(verifyUrl(link, address));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(m.verifyInvalid);
  });

  test('an expired link is refused', async () => {
    const { address, link } = await changedAddress();
    ctx.clock.advance(25 * 60 * 60 * 1000);
    expect((await agent.get(verifyUrl(link, address))).statusCode).toBe(400);
  });

  test('a token for another address is refused', async () => {
    const { link } = await changedAddress();
    expect((await agent.get(verifyUrl(link, 'other@example.com'))).statusCode).toBe(400);
  });

  test('missing query parameters answer 400', async () => {
    expect((await agent.get('/api/verify-email')).statusCode).toBe(400);
  });
});

describe('login', () => {
  test('succeeds, rotates the session and counts the login', async () => {
    const address = await registered();
    await agent.captcha('login');
    const before = agent.cookies.get('inkproof_session');
    const res = await agent.post('/api/login', { email: address, password: PASSWORD, captcha: 'Tst9Zq' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: address, loginCount: 2 });
    expect(res.json().lastLogin).toBeTruthy();
    expect(agent.cookies.get('inkproof_session')).not.toBe(before);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  test('the pre-login session id is worthless afterwards', async () => {
    const address = await registered();
    await agent.captcha('login');
    const fixed = agent.cookies.get('inkproof_session')!;
    await agent.post('/api/login', { email: address, password: PASSWORD, captcha: 'Tst9Zq' });
    const attacker = new Agent(ctx.app);
    attacker.cookies.set('inkproof_session', fixed);
    expect((await attacker.get('/api/user')).statusCode).toBe(401);
  });

  test('a wrong password answers 401', async () => {
    const address = await registered();
    const res = await agent.login(address, 'Wrong!Pass1');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(m.invalidCredentials);
  });

  test('an unknown e-mail answers exactly like a wrong password', async () => {
    const res = await agent.login('nobody@example.com', 'Wrong!Pass1');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(m.invalidCredentials);
  });

  test('a wrong CAPTCHA is refused before the password is checked', async () => {
    const address = await registered();
    const res = await agent.login(address, PASSWORD, 'WRONG1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.captchaWrong);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });

  test('without a CAPTCHA challenge the login is refused', async () => {
    const address = await registered();
    await agent.captcha('register'); // a session, but no login challenge
    const res = await agent.post('/api/login', { email: address, password: PASSWORD, captcha: 'Tst9Zq' });
    expect(res.statusCode).toBe(400);
  });

  test('an expired CAPTCHA is refused', async () => {
    const address = await registered();
    await agent.captcha('login');
    ctx.clock.advance(11 * 60 * 1000);
    const res = await agent.post('/api/login', { email: address, password: PASSWORD, captcha: 'Tst9Zq' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.captchaExpired);
  });

  test.each([
    [{ email: 'bad' }, m.emailInvalid],
    [{ password: '12345' }, m.loginPasswordShort],
    [{ captcha: '' }, m.captchaRequired],
  ])('refuses %o with the spec message', async (patch, message) => {
    await agent.captcha('login');
    const res = await agent.post('/api/login', {
      email: 'a@example.com',
      password: PASSWORD,
      captcha: 'x',
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  test('after 5 failures a network is throttled on that account with 429 and Retry-After, even with the right password', async () => {
    const address = await registered();
    for (let i = 0; i < 5; i++) expect((await agent.login(address, 'Wrong!Pass1')).statusCode).toBe(401);
    const res = await agent.login(address, PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(m.tooManyLogins);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advance(16 * 60 * 1000);
    expect((await agent.login(address, PASSWORD)).statusCode).toBe(200);
  });

  test('one IP failing on many accounts is throttled', async () => {
    agent.ip = '192.0.2.200';
    const address = await registered();
    for (let i = 0; i < 20; i++) await agent.login(`nobody${i}@example.com`, 'Wrong!Pass1');
    const res = await agent.login(address, PASSWORD);
    expect(res.statusCode).toBe(429);
    ctx.clock.advance(16 * 60 * 1000);
  });

  test('a signed-in user stays signed in across requests', async () => {
    const address = await registered();
    await agent.login(address, PASSWORD);
    expect((await agent.get('/api/user')).json().email).toBe(address);
  });
});

describe('logout', () => {
  test('destroys the session on the server', async () => {
    const address = await registered();
    await agent.login(address, PASSWORD);
    const cookie = agent.cookies.get('inkproof_session')!;
    const res = await agent.post('/api/logout');
    expect(res.statusCode).toBe(204);
    const replay = new Agent(ctx.app);
    replay.cookies.set('inkproof_session', cookie);
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  test('needs the CSRF header when signed in', async () => {
    const address = await registered();
    await agent.login(address, PASSWORD);
    const res = await agent.request('POST', '/api/logout', undefined, { csrf: null });
    expect(res.statusCode).toBe(403);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  async function requestReset(address: string) {
    const res = await agent.forgotPassword(address);
    expect(res.statusCode).toBe(200);
    return res;
  }

  test('answers the same for known and unknown addresses', async () => {
    await agent.captcha();
    const known = await requestReset(await registered());
    const unknown = await requestReset('ghost@example.com');
    expect(known.json()).toEqual(unknown.json());
  });

  test('the mailed link resets the password once and ends every session', async () => {
    const address = await registered();
    const other = new Agent(ctx.app);
    await other.login(address, PASSWORD);
    await agent.captcha();
    await requestReset(address);
    const link = linkIn(await smtp.waitFor(address, 2), '/reset-password');
    const token = link.searchParams.get('token')!;
    const q = `token=${token}&email=${encodeURIComponent(address)}`;
    expect((await agent.get(`/api/verify-reset-token?${q}`)).statusCode).toBe(200);
    const res = await agent.post('/api/reset-password', { token, email: address, password: 'N3w!Password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.resetOk);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await agent.login(address, PASSWORD)).statusCode).toBe(401);
    expect((await agent.login(address, 'N3w!Password')).statusCode).toBe(200);
    const again = await agent.post('/api/reset-password', {
      token,
      email: address,
      password: 'An0ther!Pass',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(m.resetLinkInvalid);
    expect((await agent.get(`/api/verify-reset-token?${q}`)).statusCode).toBe(400);
  });

  test('an expired reset link is refused', async () => {
    const address = await registered();
    await agent.captcha();
    await requestReset(address);
    const link = linkIn(await smtp.waitFor(address, 2), '/reset-password');
    ctx.clock.advance(61 * 60 * 1000);
    await agent.captcha(); // the anonymous session idled out meanwhile
    const res = await agent.post('/api/reset-password', {
      token: link.searchParams.get('token'),
      email: address,
      password: 'N3w!Password',
    });
    expect(res.statusCode).toBe(400);
  });

  test('a weak new password is refused with the rule it breaks', async () => {
    await agent.captcha();
    const res = await agent.post('/api/reset-password', {
      token: 'x',
      email: 'a@example.com',
      password: 'weakpass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.passwordUpper);
  });

  test('an empty e-mail is refused', async () => {
    await agent.captcha('forgot-password');
    const res = await agent.post('/api/forgot-password', { email: '', captcha: TEST_CAPTCHA });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.emailRequired);
  });

  test('many requests from one IP are throttled', async () => {
    agent.ip = '192.0.2.150';
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await agent.forgotPassword(`x${i}@example.com`)).statusCode;
    expect(last).toBe(429);
  });

  test('a reset request needs the CAPTCHA solved on the server', async () => {
    const visitor = new Agent(ctx.app);
    visitor.ip = '192.0.2.151';
    await visitor.captcha('forgot-password');
    const wrong = await visitor.post('/api/forgot-password', { email: 'a@example.com', captcha: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(m.captchaWrong);
    // the challenge was used up by the wrong answer: the right one no longer passes without a new one
    const replay = await visitor.post('/api/forgot-password', {
      email: 'a@example.com',
      captcha: TEST_CAPTCHA,
    });
    expect(replay.statusCode).toBe(400);
    expect((await visitor.forgotPassword('a@example.com')).statusCode).toBe(200);
  });

  test('the lock-out answer says how long to wait', async () => {
    const visitor = new Agent(ctx.app);
    visitor.ip = '192.0.2.152';
    let res = await visitor.forgotPassword('y0@example.com');
    for (let i = 1; i < 21 && res.statusCode !== 429; i++)
      res = await visitor.forgotPassword(`y${i}@example.com`);
    expect(res.statusCode).toBe(429);
    const { retryAfter, message } = res.json();
    expect(message).toBe(m.tooManyResets);
    expect(retryAfter).toBeGreaterThan(0);
    expect(res.headers['retry-after']).toBe(String(retryAfter));
    expect(withRetryAfter(message, retryAfter)).toMatch(
      /^Too many reset requests\. Try again in \d+ (seconds|minutes?|hours?)\.$/,
    );
  });
});

describe('signed-in account calls', () => {
  test('change password needs the current password and ends other sessions', async () => {
    const address = await registered();
    await agent.login(address, PASSWORD);
    const other = new Agent(ctx.app);
    await other.login(address, PASSWORD);
    const wrong = await agent.post('/api/user/change-password', {
      currentPassword: 'Nope!1234',
      newPassword: 'N3w!Password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(m.currentPasswordWrong);
    const weak = await agent.post('/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'weak',
    });
    expect(weak.json().message).toBe(m.passwordShort);
    const ok = await agent.post('/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'N3w!Password',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(m.passwordChanged);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
  });

  test('profile update changes the name', async () => {
    const address = await registered();
    await agent.login(address, PASSWORD);
    const res = await agent.put('/api/user/profile', { name: 'Jane Doe', email: address });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Jane Doe', email: address, emailVerified: true });
  });

  test('profile update does not change the e-mail address: that needs the password and a link', async () => {
    const address = await registered();
    await agent.login(address, PASSWORD);
    const res = await agent.put('/api/user/profile', { name: null, email: email() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(sm.emailChangeUseForm);
    expect((await agent.get('/api/user')).json().email).toBe(address);
  });

  test('profile update refuses an invalid e-mail', async () => {
    await agent.login(await registered(), PASSWORD);
    const res = await agent.put('/api/user/profile', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.emailInvalid);
  });

  test.each([
    ['POST', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'N3w!Password' }],
    ['PUT', '/api/user/profile', { email: 'a@example.com' }],
    ['POST', '/api/session/keepalive', undefined],
  ] as const)('%s %s answers 401 to a signed-out caller', async (method, url, body) => {
    await agent.captcha(); // an anonymous session with a valid CSRF token
    const res = await agent.request(method, url, body);
    expect(res.statusCode).toBe(401);
  });
});
