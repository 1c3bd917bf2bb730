import { afterAll, beforeAll, expect, test } from 'vitest';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { defaultLimits } from '#server/lib/limits.ts';
import { Agent } from '#server/test/agent.ts';
import { TEST_CAPTCHA, testApp, type TestContext } from '#server/test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

const sessionRows = async () =>
  Number(
    (
      await ctx.app.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let nextIp = 1;
const freshVisitor = () => {
  const agent = new Agent(ctx.app);
  agent.ip = `198.51.100.${nextIp++}`;
  return agent;
};

// Before: every GET /api/csrf without a cookie inserted a session row (~3,700 a second from one IP).
test('fetching CSRF tokens stores nothing, and the token still guards a state change', async () => {
  const before = await sessionRows();
  const visitors = Array.from({ length: 20 }, freshVisitor);
  for (const v of visitors) expect((await v.get('/api/csrf')).statusCode).toBe(204);
  expect(await sessionRows()).toBe(before);
  const res = await visitors[0]!.post('/api/support', {
    name: 'Ann',
    email: 'ann@example.com',
    subject: 'Hello',
    message: 'A question about signing.',
  });
  expect(res.statusCode).toBe(201);
  expect(
    (await visitors[1]!.request('POST', '/api/support', {}, { csrf: visitors[0]!.csrf! })).statusCode,
  ).toBe(403);
});

test('one IP starting sessions in a loop is told to wait past the per-minute limit', async () => {
  const ip = '198.51.100.200';
  const limit = defaultLimits().anonymousSessionsPerIpPerMinute;
  const codes: number[] = [];
  for (let i = 0; i < limit + 5; i++) {
    const agent = new Agent(ctx.app);
    agent.ip = ip;
    codes.push((await agent.get('/api/csrf')).statusCode);
  }
  expect(codes.filter((c) => c === 204)).toHaveLength(limit);
  const refused = await Object.assign(new Agent(ctx.app), { ip }).get('/api/csrf');
  expect(refused.statusCode).toBe(429);
  expect(refused.json().message).toBe(m.tooManySessions);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
});

test('CAPTCHA images are limited per IP and minute', async () => {
  const agent = freshVisitor();
  const limit = defaultLimits().captchasPerIpPerMinute;
  const codes: number[] = [];
  for (let i = 0; i < limit + 3; i++) codes.push((await agent.get('/api/captcha?purpose=lookup')).statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(limit);
  expect(codes.slice(limit)).toEqual([429, 429, 429]);
});

test('a CAPTCHA binds to the anonymous session and signs in through it', async () => {
  const agent = freshVisitor();
  await agent.register('anon-captcha@example.com');
  const visitor = freshVisitor();
  const res = await visitor.login('anon-captcha@example.com', 'Str0ng!Pass', TEST_CAPTCHA);
  expect(res.statusCode).toBe(200);
  expect((await visitor.get('/api/user')).json().email).toBe('anon-captcha@example.com');
});

test('a forged, altered or expired anonymous cookie is no session at all', async () => {
  const agent = freshVisitor();
  await agent.get('/api/csrf');
  const raw = agent.cookies.get('inkproof_session')!;
  expect(raw.startsWith('a.')).toBe(true);
  expect(await ctx.app.sessions.load(raw)).toMatchObject({ user: null, stateless: true });
  const parts = raw.split('.');
  const altered = [parts[0], parts[1], (Number.parseInt(parts[2]!, 36) + 1).toString(36), parts[3]].join('.');
  expect(await ctx.app.sessions.load(altered)).toBeNull();
  expect(await ctx.app.sessions.load(`${raw.slice(0, -2)}AA`)).toBeNull();
  ctx.clock.advance(defaultLimits().sessionAbsoluteMs + 1000);
  try {
    expect(await ctx.app.sessions.load(raw)).toBeNull();
  } finally {
    ctx.clock.advance(-(defaultLimits().sessionAbsoluteMs + 1000));
  }
});
