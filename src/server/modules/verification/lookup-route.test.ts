import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '#shared/constants.ts';
import type { App } from '#server/app-types.ts';
import { buildApp } from '#server/app.ts';
import { defaultLimits } from '#server/lib/limits.ts';
import { insertUser } from '#server/test/fixtures.ts';
import { freshDatabase, testConfig } from '#server/test/test-app.ts';

/**
 * The public look-up over real sockets (the path goes out byte for byte), on a frozen clock: every
 * kind of reference, path and caller, what each answer is, and what the look-ups counted: per IP
 * and hour, per day, per signature, and in /metrics.
 */

const NOW = Date.parse('2026-03-04T10:20:30.000Z');
const frozen = { now: () => NOW };
const METRICS_TOKEN = 'lookup-route-test-metrics-token';
const MASKED = 'a***@example.com';

interface Running {
  app: App;
  port: number;
  close: () => Promise<void>;
}

async function seed(app: App, limited: boolean) {
  const db = app.db;
  const at = (days: number) => new Date(NOW + days * 86_400_000).toISOString();
  const userId = await insertUser(db, at(-9));
  const sig = (ref: string, extra: Record<string, unknown> = {}) => ({
    reference_number: ref,
    user_id: userId,
    signer_name: 'Jane "JD" Doe <é>',
    additional_data: 'Lease 7\nline two',
    qr_code_data: null,
    is_public: 1,
    is_default: 0,
    consent_at: at(-5),
    created_at: at(-5),
    expires_at: null,
    revoked_at: null,
    purged_at: null,
    image_token: 'tok123',
    request_id: null,
    signer_email_masked: null,
    document_name: null,
    ...extra,
  });
  const rows = await db
    .insertInto('signatures')
    .values([
      sig('SIG-20260301-AAAA'),
      sig('SIG-20260301-EXPD', { expires_at: at(-1) }),
      sig('SIG-20260301-RVKD', { revoked_at: at(-2) }),
      sig('SIG-20260301-PRIV', { is_public: 0 }),
      sig('SIG-20260301-USED', { is_public: 0 }),
      sig('SIG-20260301-ANON', { user_id: null, image_token: null, expires_at: at(30) }),
      sig('SIG-20260301-REQS-2', { signer_email_masked: MASKED, document_name: 'Contract.pdf' }),
      sig('SIG-20260301-PURG', { purged_at: at(-1), expires_at: at(-1) }),
    ])
    .returning('id')
    .execute();
  const [doc] = await db
    .insertInto('documents')
    .values({
      user_id: userId,
      name: 'Signed',
      original_filename: 'a.pdf',
      mime_type: 'application/pdf',
      status: 'signed',
      size: 10,
      page_count: 1,
      sha256: 'a'.repeat(64),
      reference: 'DOC-20260301-AAAAAAAA',
      signed_sha256: 'b'.repeat(64),
      signed_size: 12,
      signed_page_count: 2,
      created_at: at(-4),
      updated_at: at(-3),
      signed_at: at(-3),
      active_content: '',
    })
    .returning('id')
    .execute();
  await db
    .insertInto('document_signatures')
    .values({
      document_id: doc!.id,
      user_id: userId,
      signature_id: rows[4]!.id,
      signature_reference: 'SIG-20260301-USED',
      signer_name: 'J. Doe',
      page: 1,
      x: 1,
      y: 1,
      width: 10,
      height: 5,
      signed_at: at(-3),
    })
    .execute();
  await db
    .insertInto('blocked_ips')
    .values({ ip: '192.0.2.66', reason: 'test', created_by: null, created_at: at(-1) })
    .execute();
  await app.ipTracking.refreshBlocked();
  // low limits where each case has an address of its own (behind the proxy), else out of the way
  await app.limitsStore.save({
    ...defaultLimits(),
    ...(limited
      ? { lookupsBeforeCaptcha: 3, lookupsBeforeBlock: 5 }
      : { lookupsBeforeCaptcha: 1e6, lookupsBeforeBlock: 2e6 }),
  });
}

async function start(trustProxy: string | undefined): Promise<Running> {
  const database = await freshDatabase();
  const app = await buildApp({
    config: testConfig({ trustProxy, metricsToken: METRICS_TOKEN }),
    db: { db: database.db, dialect: database.dialect },
    clock: frozen,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await seed(app, trustProxy !== undefined);
  return {
    app,
    port: (app.server.address() as AddressInfo).port,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request: the path goes out byte for byte (fetch would normalise it). */
function send(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const R = '/api/signatures/reference/';
type Case = [name: string, method: string, path: string, headers?: Record<string, string>];

/** Every kind of look-up: plain, odd paths and methods, proxies, the block list and the limits. */
const cases = (ip: (n: number) => Record<string, string>): Case[] => [
  ['valid', 'GET', `${R}SIG-20260301-AAAA`, ip(1)],
  ['valid, lower case', 'GET', `${R}sig-20260301-aaaa`, ip(1)],
  ['valid, HEAD', 'HEAD', `${R}SIG-20260301-AAAA`, ip(1)],
  ['signing request signer', 'GET', `${R}SIG-20260301-REQS-2`, ip(1)],
  ['anonymous with expiry', 'GET', `${R}SIG-20260301-ANON`, ip(1)],
  ['unknown', 'GET', `${R}SIG-20260301-ZZZZ`, ip(2)],
  ['unknown, HEAD', 'HEAD', `${R}SIG-20260301-ZZZZ`, ip(2)],
  ['expired', 'GET', `${R}SIG-20260301-EXPD`, ip(2)],
  ['purged', 'GET', `${R}SIG-20260301-PURG`, ip(2)],
  ['revoked', 'GET', `${R}SIG-20260301-RVKD`, ip(2)],
  ['private, never used', 'GET', `${R}SIG-20260301-PRIV`, ip(3)],
  ['private, signed a document', 'GET', `${R}SIG-20260301-USED`, ip(3)],
  ['invalid reference', 'GET', `${R}NOT-A-REF`, ip(3)],
  ['empty reference', 'GET', R, ip(3)],
  ['huge reference', 'GET', `${R}SIG-20260301-${'A'.repeat(200)}`, ip(3)],
  ['reference over the schema length', 'GET', `${R}SIG-20260301-${'A'.repeat(60)}`, ip(3)],
  ['query string', 'GET', `${R}SIG-20260301-AAAA?x=1`, ip(4)],
  ['empty query', 'GET', `${R}SIG-20260301-AAAA?`, ip(4)],
  ['captcha answer', 'GET', `${R}SIG-20260301-AAAA?captcha=abc`, ip(4)],
  ['trailing slash', 'GET', `${R}SIG-20260301-AAAA/`, ip(4)],
  ['encoded characters', 'GET', `${R}SIG%2D20260301%2DAAAA`, ip(4)],
  ['bad escape', 'GET', `${R}SIG-20260301-%ZZ`, ip(4)],
  ['encoded slash', 'GET', `${R}SIG-20260301%2FAAAA`, ip(4)],
  ['double slash', 'GET', `/api/signatures//reference/SIG-20260301-AAAA`, ip(4)],
  ['upper-case path', 'GET', `/API/signatures/reference/SIG-20260301-AAAA`, ip(4)],
  ['POST', 'POST', `${R}SIG-20260301-AAAA`, ip(5)],
  ['OPTIONS', 'OPTIONS', `${R}SIG-20260301-AAAA`, ip(5)],
  ['a body on GET', 'GET', `${R}SIG-20260301-AAAA`, { ...ip(5), 'content-length': '0' }],
  ['other cookies', 'GET', `${R}SIG-20260301-AAAA`, { ...ip(5), cookie: 'theme=dark; lang=en' }],
  ['empty session cookie', 'GET', `${R}SIG-20260301-AAAA`, { ...ip(5), cookie: `${SESSION_COOKIE}=` }],
  [
    'unknown session cookie',
    'GET',
    `${R}SIG-20260301-AAAA`,
    { ...ip(5), cookie: `a=b; ${SESSION_COOKIE}=nosuchsession` },
  ],
  ['https behind the proxy', 'GET', `${R}SIG-20260301-AAAA`, { ...ip(6), 'x-forwarded-proto': 'https' }],
  ['proxy chain', 'GET', `${R}SIG-20260301-AAAA`, { ...ip(6), 'x-forwarded-proto': 'http, https' }],
  ['another route', 'GET', '/api/signatures/verify/1', ip(6)],
  ['blocked address', 'GET', `${R}SIG-20260301-AAAA`, ip(66)],
  ['blocked address, unknown reference', 'GET', `${R}SIG-20260301-ZZZZ`, ip(66)],
  ['blocked address, invalid reference', 'GET', `${R}nope`, ip(66)],
  // limits: 3 look-ups, then a CAPTCHA, then blocked (the IP of case 7 starts from nothing)
  ...Array.from({ length: 7 }, (_, i): Case => [
    `rate limit ${i + 1}`,
    'GET',
    `${R}SIG-20260301-AAAA`,
    ip(7),
  ]),
  ['over the limit, HEAD', 'HEAD', `${R}SIG-20260301-ZZZZ`, ip(7)],
];

/** What the look-ups counted, once every batch is written. */
async function counted(app: App) {
  await Promise.all([app.ipTracking.flush(), app.dailyStats.flush(), app.verification.flush()]);
  const [ipStats, daily, lookups] = await Promise.all([
    app.db.selectFrom('ip_stats').selectAll().orderBy('ip').execute(),
    app.db.selectFrom('daily_stats').selectAll().orderBy('metric').execute(),
    app.db.selectFrom('signature_lookups').selectAll().orderBy('signature_id').execute(),
  ]);
  const metrics = await app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const tallied = metrics.body
    .split('\n')
    .filter(
      (l) => /^inkproof_http_request(s_total|_duration_seconds_count)\{/.test(l) && l.includes('reference'),
    )
    .sort();
  return { ipStats, daily, lookups, tallied };
}

describe.each([
  ['behind a trusted proxy', '127.0.0.1'],
  ['without a proxy', undefined],
])('the look-up route (%s)', (_label, trustProxy) => {
  let server: Running;
  beforeAll(async () => {
    server = await start(trustProxy);
  });
  afterAll(async () => {
    await server?.close();
  });

  // Behind the proxy each case comes from an address of its own (66: the blocked one, 7: the one
  // that runs into the limits); without it, everything comes from 127.0.0.1.
  let next = 10;
  const ip = (n: number): Record<string, string> =>
    !trustProxy
      ? {}
      : { 'x-forwarded-for': n === 66 ? '192.0.2.66' : n === 7 ? '198.51.100.7' : `198.51.100.${next++}` };

  test('every kind of request gets its answer, with the JSON security headers', async () => {
    const list = trustProxy
      ? cases(ip)
      : cases(ip).filter(([name]) => !/blocked|rate limit|limit, HEAD/.test(name));
    const answers: Record<string, Answer> = {};
    for (const [name, method, path, headers] of list)
      answers[name] = await send(server.port, method, path, headers);
    const status = Object.fromEntries(Object.entries(answers).map(([name, a]) => [name, a.status]));
    expect(status).toMatchObject({
      valid: 200,
      'valid, lower case': 200,
      'valid, HEAD': 200,
      'signing request signer': 200,
      'anonymous with expiry': 200,
      unknown: 404,
      'unknown, HEAD': 404,
      expired: 410,
      purged: 410,
      revoked: 410,
      'private, never used': 404,
      'private, signed a document': 200,
      'invalid reference': 400,
      'huge reference': 414,
      'query string': 200,
      'captcha answer': 200,
      'encoded characters': 200,
      'other cookies': 200,
      'unknown session cookie': 200,
    });
    const valid = answers.valid!;
    expect(JSON.parse(valid.body)).toMatchObject({
      referenceNumber: 'SIG-20260301-AAAA',
      signerName: 'Jane "JD" Doe <é>',
      additionalData: 'Lease 7\nline two',
    });
    expect(JSON.parse(answers['signing request signer']!.body).signingRequest).toEqual({
      signerEmail: MASKED,
      documentName: 'Contract.pdf',
    });
    expect(valid.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(answers['valid, HEAD']!.body).toBe('');
    expect(JSON.parse(answers.expired!.body)).toMatchObject({ expired: true });
    expect(JSON.parse(answers.revoked!.body)).toMatchObject({ revoked: true });
    if (trustProxy) {
      expect(status).toMatchObject({
        'blocked address': 403,
        'rate limit 3': 200,
        'rate limit 4': 429,
        'rate limit 7': 429,
      });
      expect(JSON.parse(answers['rate limit 4']!.body)).toMatchObject({ requireCaptcha: true });
      expect(answers['rate limit 7']!.headers['retry-after']).toMatch(/^\d+$/);
    }
  });

  test('the HTTPS answer carries HSTS behind a trusted proxy only', async () => {
    const a = await send(server.port, 'GET', `${R}SIG-20260301-AAAA`, {
      'x-forwarded-proto': 'https',
      ...ip(8),
    });
    expect(a.status).toBe(200);
    expect(a.headers['strict-transport-security'] !== undefined).toBe(trustProxy !== undefined);
  });

  test('a blocked 127.0.0.1 is refused', async () => {
    const { app } = server;
    await app.db
      .insertInto('blocked_ips')
      .values({ ip: '127.0.0.1', reason: 't', created_by: null, created_at: new Date(NOW).toISOString() })
      .execute();
    await app.ipTracking.refreshBlocked();
    const a = await send(server.port, 'GET', `${R}SIG-20260301-AAAA`);
    expect(a.status).toBe(403);
    await app.db.deleteFrom('blocked_ips').where('ip', '=', '127.0.0.1').execute();
    await app.ipTracking.refreshBlocked();
  });

  test('the look-ups are counted per IP and hour, per day, per signature and in /metrics', async () => {
    const c = await counted(server.app);
    expect(c.tallied.some((l) => l.includes('method="HEAD"'))).toBe(true);
    expect(c.tallied.some((l) => l.includes('method="GET"') && l.includes('status="200"'))).toBe(true);
    expect(c.lookups.length).toBeGreaterThan(0);
    expect(c.daily.find((d) => d.metric === 'lookup:ok')?.count).toBeGreaterThan(0);
    expect(c.daily.find((d) => d.metric === 'lookup:missing')?.count).toBeGreaterThan(0);
    expect(c.ipStats.length).toBeGreaterThan(0);
  });

  test('a failing database answers 500 without details, and is kept for diagnostics', async () => {
    const { app } = server;
    const original = app.verification.byReference.bind(app.verification);
    app.verification.byReference = () => Promise.reject(new Error('database gone'));
    try {
      const a = await send(server.port, 'GET', `${R}SIG-20260301-AAAA`, ip(9));
      expect(a.status).toBe(500);
      expect(a.body).not.toContain('database gone');
      expect(app.recentErrors.at(-1)?.message).toBe('database gone');
    } finally {
      app.verification.byReference = original;
    }
  });
});
