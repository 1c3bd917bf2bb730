import { afterAll, beforeAll, expect, test } from 'vitest';
import { Agent } from '#server/test/agent.ts';
import { TEST_CAPTCHA, testApp, type TestContext } from '#server/test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

const svgOf = (image: string) =>
  Buffer.from(image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();

test('the image is a 200x60 SVG drawn with paths, with no text a script could read', async () => {
  const agent = new Agent(ctx.app);
  const res = await agent.get('/api/captcha?purpose=login');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ width: 200, height: 60 });
  const svg = svgOf(body.image);
  expect(svg).toMatch(/^<svg[^>]+width="200" height="60"/);
  expect(svg).not.toMatch(/<text/);
  expect(svg).not.toContain(TEST_CAPTCHA);
  expect(svg.match(/<path/g)!.length).toBeGreaterThanOrEqual(6);
});

test('an unknown purpose answers 400', async () => {
  expect((await new Agent(ctx.app).get('/api/captcha?purpose=other')).statusCode).toBe(400);
});

test('a challenge answers one check only, right or wrong', async () => {
  const agent = new Agent(ctx.app);
  await agent.captcha('login');
  const sessionId = (await ctx.app.sessions.load(agent.cookies.get('inkproof_session')!))!.id;
  expect(await ctx.app.captcha.check(sessionId, 'login', TEST_CAPTCHA)).toBe('ok');
  expect(await ctx.app.captcha.check(sessionId, 'login', TEST_CAPTCHA)).toBe('missing');
});

test('the comparison is exact: case matters', async () => {
  const agent = new Agent(ctx.app);
  await agent.captcha('register');
  const sessionId = (await ctx.app.sessions.load(agent.cookies.get('inkproof_session')!))!.id;
  expect(await ctx.app.captcha.check(sessionId, 'register', TEST_CAPTCHA.toLowerCase())).toBe('wrong');
});

test("one session's challenge cannot be answered from another session", async () => {
  const a = new Agent(ctx.app);
  const b = new Agent(ctx.app);
  await a.captcha('login');
  await b.get('/api/csrf');
  const other = (await ctx.app.sessions.load(b.cookies.get('inkproof_session')!))!.id;
  expect(await ctx.app.captcha.check(other, 'login', TEST_CAPTCHA)).toBe('missing');
});

test('without the test code the answer is random and a guess fails', async () => {
  const fresh = await testApp({ testCaptcha: undefined });
  try {
    const agent = new Agent(fresh.app);
    await agent.captcha('login');
    const res = await agent.post('/api/login', {
      email: 'a@example.com',
      password: 'whatever1',
      captcha: TEST_CAPTCHA,
    });
    expect(res.statusCode).toBe(400);
  } finally {
    await fresh.close();
  }
});
