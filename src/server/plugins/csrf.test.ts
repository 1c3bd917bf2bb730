import { afterAll, beforeAll, expect, test } from 'vitest';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { Agent } from '../test/agent.ts';
import { TEST_ORIGIN, testApp, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

const supportMessage = {
  name: 'Ann',
  email: 'ann@example.com',
  subject: 'Hello',
  message: 'A question about signing.',
};

let nextIp = 1;
async function agentWithToken() {
  const agent = new Agent(ctx.app);
  agent.ip = `198.51.100.${nextIp++}`;
  await agent.get('/api/csrf');
  expect(agent.csrf).toBeTruthy();
  return agent;
}

// Before the Origin check, a valid token was enough, wherever the page that sent it lived.
test.each([
  ['another origin', { origin: 'https://evil.example' }],
  ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  [
    'a same-site fetch from a sibling host',
    { 'sec-fetch-site': 'same-site', origin: 'http://other.inkproof.test' },
  ],
  ['an opaque origin', { origin: 'null' }],
])('a state change with a valid token from %s is refused', async (_name, headers) => {
  const agent = await agentWithToken();
  const res = await agent.request('POST', '/api/support', supportMessage, { headers });
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe(m.crossSiteRefused);
});

test.each([
  ['the public origin', { origin: TEST_ORIGIN }],
  ['the host asked', { origin: 'http://localhost:80' }],
  [
    'a same-origin fetch through a proxy that names another origin',
    { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173' },
  ],
  ['a client that names no origin', {}],
])('a state change from %s goes through', async (_name, headers) => {
  const agent = await agentWithToken();
  const res = await agent.request('POST', '/api/support', supportMessage, { headers });
  expect(res.statusCode).toBeLessThan(300);
});

test('the anonymous page-view beacon is refused from another site too', async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/analytics/pageview',
    headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    payload: JSON.stringify({ path: '/' }),
  });
  expect(res.statusCode).toBe(403);
});
