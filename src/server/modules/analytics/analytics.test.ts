import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApp, type TestContext } from '#server/test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

const view = (body: unknown, ip = '203.0.113.50') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/analytics/pageview',
    payload: body as object,
    remoteAddress: ip,
  });

test('a page view is recorded without cookie, query string or IP', async () => {
  const res = await view({ path: '/blog/hello?utm=x#top', referrer: 'https://news.example.org/item?id=1' });
  expect(res.statusCode).toBe(204);
  expect(res.headers['set-cookie']).toBeUndefined();
  await ctx.app.analytics.flush();
  const rows = await ctx.app.db.selectFrom('page_views').selectAll().execute();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ path: '/blog/hello', referrer_host: 'news.example.org' });
  expect(JSON.stringify(rows)).not.toContain('203.0.113.50');
});

test('the same visitor on the same day gets the same anonymous id; another IP another', async () => {
  await view({ path: '/a' }, '198.51.100.1');
  await view({ path: '/b' }, '198.51.100.1');
  await view({ path: '/c' }, '198.51.100.2');
  await ctx.app.analytics.flush();
  const rows = await ctx.app.db
    .selectFrom('page_views')
    .select(['path', 'visitor'])
    .where('path', 'in', ['/a', '/b', '/c'])
    .orderBy('path')
    .execute();
  expect(rows[0]!.visitor).toBe(rows[1]!.visitor);
  expect(rows[2]!.visitor).not.toBe(rows[0]!.visitor);
});

test('a path that is too long or not a path is refused', async () => {
  expect((await view({ path: `/${'x'.repeat(300)}` })).statusCode).toBe(400);
  expect((await view({ path: 'https://evil.example/' })).statusCode).toBe(400);
  expect((await view({})).statusCode).toBe(400);
});

test('one IP cannot fill the database: past 120 a minute it gets 429', async () => {
  let last = 0;
  for (let i = 0; i < 125; i++) last = (await view({ path: '/flood' }, '192.0.2.99')).statusCode;
  expect(last).toBe(429);
  await ctx.app.analytics.flush();
  const stored = await ctx.app.db
    .selectFrom('page_views')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('path', '=', '/flood')
    .executeTakeFirstOrThrow();
  expect(Number(stored.n)).toBe(120);
});
