import { afterAll, beforeAll, expect, test } from 'vitest';
import { API_SCOPES, type ApiScope } from '#shared/api/scopes.ts';
import { apiUser, type ApiClient } from '#server/test/api.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';

/**
 * Scopes × every /api/v1 operation, read from the OpenAPI document (so a route added later is in
 * the matrix without editing this file): a token lacking the operation's scope is refused with 403
 * naming it, before the input is even read; a token holding only that scope gets past the check.
 */
let ctx: TestContext;
let doc: { paths: Record<string, Record<string, { 'x-scope'?: string | string[]; security?: unknown[] }>> };
const tokens = new Map<ApiScope, ApiClient>();
beforeAll(async () => {
  ctx = await testApp();
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  for (const scope of API_SCOPES) {
    const { api } = await apiUser(ctx.app, [scope]);
    api.checkAnswers = false; // bodies here are deliberately incomplete
    tokens.set(scope, api);
  }
  await ctx.app.limitsStore.save({ apiCallsPerTokenPerMinute: 100_000 });
});
afterAll(() => ctx.close());

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

test('every operation refuses a token without its scope and lets one with it through', async () => {
  let checked = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const url = path.replace(/\{[^}]+\}/g, '999999');
      const needs = [op['x-scope'] ?? []].flat() as ApiScope[];
      if (needs.length === 0) {
        // public: no scope asked
        expect(op.security, `${method} ${path}`).toEqual([]);
        continue;
      }
      const call = (api: ApiClient) =>
        api.call(
          method.toUpperCase() as 'GET',
          url,
          method === 'get' || method === 'delete' ? undefined : {},
        );
      for (const scope of API_SCOPES) {
        const res = await call(tokens.get(scope)!);
        const label = `${method.toUpperCase()} ${path} with ${scope}`;
        if (needs.includes(scope)) {
          expect([401, 403], `${label}: ${res.body}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
          expect(res.json().code, label).toBe('insufficient_scope');
          expect(res.json().scope, label).toContain(needs[0]);
        }
      }
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(25);
});
