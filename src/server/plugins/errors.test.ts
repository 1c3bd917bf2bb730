import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApp, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

// Before the frameworkErrors handler, Fastify answered these itself: its FST_ERR_ code, the path
// echoed back, and none of the app's headers.
test.each([
  ['a path parameter over 100 characters', `/api/signatures/${'x'.repeat(200)}`, 414],
  ['an admin path parameter over 100 characters', `/api/admin/users/${'1'.repeat(200)}`, 414],
  ['a malformed percent-escape', '/api/%zz', 400],
  ['a truncated UTF-8 escape', '/api/signatures/%E0%A4%A', 400],
  ['a malformed escape outside the API', '/%zz', 400],
])('%s answers our JSON error with the security headers', async (_name, url, status) => {
  const res = await ctx.app.inject({ url });
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['message']);
  expect(res.body).not.toMatch(/FST_ERR|xxxx|1111|%zz|%E0/);
  expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('no-store');
});
