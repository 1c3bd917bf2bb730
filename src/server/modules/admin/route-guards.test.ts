import { z } from 'zod';
import diagnostics from 'node:diagnostics_channel';
import { Readable } from 'node:stream';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '#server/app-types.ts';
import { requireAdmin, requireUser } from '#server/plugins/auth.ts';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { multipartBody } from '#server/test/documents.ts';
import { simplePdf } from '#server/test/pdfs.ts';

/** A route as Fastify registered it, and the request phase its own options run a guard in, if any. */
interface Route {
  method: string;
  url: string;
  guardHook: string | null;
}

const GUARD_PHASES = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BROKEN_JSON = '{"broken": ';

function guardHookOf(options: RouteOptions): string | null {
  for (const phase of GUARD_PHASES) {
    const hooks = [options[phase] ?? []].flat() as unknown[];
    if (hooks.includes(requireUser) || hooks.includes(requireAdmin)) return phase;
  }
  return null;
}

/**
 * Builds a test app and records every route Fastify registers, in every plugin: the onRoute hook
 * goes on the instance the moment Fastify creates it (its `fastify.initialization` channel),
 * before buildApp adds anything. `tamper` may add routes of its own at that moment, as a careless
 * change would.
 */
async function appWithRoutes(tamper?: (app: FastifyInstance) => void) {
  const routes: Route[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const onCreated = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (options) => {
      for (const method of [options.method].flat()) {
        routes.push({ method, url: options.url, guardHook: guardHookOf(options) });
      }
    });
    tamper?.(fastify);
  };
  channel.subscribe(onCreated);
  try {
    const ctx = await testApp();
    return { ctx, routes };
  } finally {
    channel.unsubscribe(onCreated);
  }
}

/** Any value fits a path parameter here: the guard answers before the parameters are validated. */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');

async function call(app: App, agent: Agent, method: string, url: string, rawBody?: string) {
  const headers: Record<string, string> = {};
  if (agent.cookies.size) headers.cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (agent.csrf) headers['x-csrf-token'] = agent.csrf;
  if (rawBody !== undefined) headers['content-type'] = 'application/json';
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers,
    remoteAddress: agent.ip,
    ...(rawBody !== undefined ? { payload: rawBody } : {}),
  });
  return res.statusCode;
}

/**
 * What is wrong with the app's guards, one line per fault: an /api/admin route that a signed-out
 * caller (401) or a non-admin (403) can reach, and a guarded route whose guard runs after the body
 * is parsed (a broken JSON body answered 400 before 401, or the guard on a later hook).
 */
async function guardProblems(app: App, routes: Route[]) {
  const signedOut = new Agent(app);
  signedOut.ip = '198.51.100.71';
  await signedOut.get('/api/csrf'); // an anonymous session and its CSRF token: only the guard may refuse
  const user = new Agent(app);
  user.ip = '198.51.100.72';
  expect((await user.register('not-an-admin@example.com')).statusCode).toBe(201);

  const problems: string[] = [];
  for (const { method, url, guardHook } of routes) {
    const name = `${method} ${url}`;
    const target = concrete(url);
    const admin = url === '/api/admin' || url.startsWith('/api/admin/');
    if (guardHook && guardHook !== 'onRequest')
      problems.push(`${name}: guard on ${guardHook}, not onRequest`);
    if (admin) {
      const anonymous = await call(app, signedOut, method, target);
      if (anonymous !== 401) problems.push(`${name}: ${anonymous} signed out, not 401`);
      const plain = await call(app, user, method, target);
      if (plain !== 403) problems.push(`${name}: ${plain} for a user, not 403`);
    }
    if ((admin || guardHook) && WITH_BODY.has(method)) {
      const broken = await call(app, signedOut, method, target, BROKEN_JSON);
      if (broken !== 401) problems.push(`${name}: ${broken} signed out with a broken body, not 401`);
    }
  }
  return problems;
}

describe('the routes of the app as built', () => {
  let ctx: TestContext;
  let routes: Route[];
  beforeAll(async () => {
    ({ ctx, routes } = await appWithRoutes());
  });
  afterAll(() => ctx.close());

  test('every admin route answers 401 signed out and 403 to a user; guards run before the body is parsed', async () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    // The collector sees every plugin's routes, the multipart scopes too.
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users',
        'DELETE /api/admin/users/:id',
        'PUT /api/admin/signing-certificate',
        'POST /api/admin/blog/images',
        'POST /api/documents/upload',
        'PATCH /api/signatures/:id/revoke',
      ]),
    );
    expect(names.filter((n) => n.includes(' /api/admin')).length).toBeGreaterThan(45);
    expect(routes.filter((r) => r.guardHook).length).toBeGreaterThan(15);
    expect(await guardProblems(ctx.app, routes)).toEqual([]);
  });

  test('a signed-out upload gets 401 without the server waiting for its body', async () => {
    const anon = new Agent(ctx.app);
    anon.ip = '198.51.100.73';
    await anon.get('/api/csrf');
    const { body, contentType } = multipartBody(
      { name: 'Contract' },
      { filename: 'a.pdf', bytes: await simplePdf(1) },
    );
    // The body's end never comes: only an answer given before reading it can arrive.
    const endless = new Readable({ read() {} });
    endless.push(body.subarray(0, 200));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: {
        'content-type': contentType,
        'content-length': String(body.length),
        cookie: [...anon.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': anon.csrf!,
      },
      payload: endless,
      remoteAddress: anon.ip,
    });
    expect(res.statusCode).toBe(401);
    endless.destroy();
  });
});

describe('the guard check', () => {
  let ctx: TestContext;
  let routes: Route[];
  beforeAll(async () => {
    ({ ctx, routes } = await appWithRoutes((fastify) => {
      // Two careless additions: an admin route outside the admin plugin without a guard, and a
      // user route whose guard runs after the body is parsed.
      void fastify.register(async (scope) => {
        const answers = {
          response: { 200: z.object({ secret: z.boolean().optional(), ok: z.boolean().optional() }) },
        };
        scope.get('/api/admin/forgotten', { schema: answers }, async () => ({ secret: true }));
        scope.post('/api/documents/late', { schema: answers, preHandler: requireUser }, async () => ({
          ok: true,
        }));
      });
    }));
  });
  afterAll(() => ctx.close());

  test('flags an admin route left unguarded and a guard that runs after body parsing', async () => {
    expect((await guardProblems(ctx.app, routes)).sort()).toEqual([
      'GET /api/admin/forgotten: 200 for a user, not 403',
      'GET /api/admin/forgotten: 200 signed out, not 401',
      'HEAD /api/admin/forgotten: 200 for a user, not 403',
      'HEAD /api/admin/forgotten: 200 signed out, not 401',
      'POST /api/documents/late: 400 signed out with a broken body, not 401',
      'POST /api/documents/late: guard on preHandler, not onRequest',
    ]);
  });
});
