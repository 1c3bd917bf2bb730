import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminMessages as m } from '#shared/admin/messages.ts';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/app-types.ts';
import { blockedMessage } from '#server/modules/ip-tracking/ip-tracking.ts';
import { Agent } from '#server/test/agent.ts';
import { freshDatabase, ManualClock, testConfig } from '#server/test/test-app.ts';

/**
 * The block list takes valid addresses and CIDR ranges only, turns a blocked
 * address (or one inside a blocked range) away from every page and call, and never the admin's own.
 * Two instances share one database, as in a scale-out deployment.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let a: App;
let b: App;
let admin: Agent;

beforeAll(async () => {
  database = await freshDatabase();
  const build = () =>
    buildApp({
      config: testConfig(),
      db: { db: database.db, dialect: database.dialect },
      clock: new ManualClock(),
      logger: false,
    });
  a = await build();
  b = await build();
  await Promise.all([a.ready(), b.ready()]);
  await a.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(a);
  admin.ip = '192.0.2.1';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.drop();
});

const block = (ip: string, reason = 'abuse') => admin.post('/api/admin/blocked-ips', { ip, reason });
const unblock = (ip: string) => admin.request('DELETE', `/api/admin/blocked-ips/${encodeURIComponent(ip)}`);
const from = (app: App, ip: string, url: string) => app.inject({ url, remoteAddress: ip });
const storedIps = async () =>
  (await database.db.selectFrom('blocked_ips').select('ip').execute()).map((r) => r.ip);

describe('what the block list accepts', () => {
  test.each([
    '999.1.1.1',
    '1.2.3',
    '01.2.3.4',
    '1.2.3.4/33',
    '2001:db8::1::2',
    '10.0.0.0/8/1',
    'gggg::1',
    'fe80::1%eth0',
  ])('%s is refused with a message and not stored', async (ip) => {
    const res = await block(ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.invalidIp);
    expect(await storedIps()).not.toContain(ip);
  });

  test('addresses and ranges are stored in one canonical spelling', async () => {
    const cases: [string, string][] = [
      ['2001:0DB8:0000:0000:0000:0000:0000:0042', '2001:db8::42'],
      ['198.51.100.77/24', '198.51.100.0/24'],
      ['::ffff:203.0.113.9', '203.0.113.9'],
      ['2001:db8:aa::/48', '2001:db8:aa::/48'],
      ['203.0.113.10/32', '203.0.113.10'],
    ];
    for (const [typed, stored] of cases) {
      const res = await block(typed);
      expect(res.statusCode).toBe(201);
      expect(res.json().ip).toBe(stored);
    }
    // the same address written another way is the same entry
    expect((await block('2001:db8:0::42')).statusCode).toBe(409);
    for (const [, stored] of cases) expect((await unblock(stored)).statusCode).toBe(200);
  });

  test('the admin cannot block their own address, nor a range that holds it', async () => {
    const own = await block('192.0.2.1');
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(m.cannotBlockOwnIp);
    const range = await block('192.0.2.0/24');
    expect(range.statusCode).toBe(400);
    expect(range.json().message).toBe(m.cannotBlockOwnRange('192.0.2.0/24'));
    expect(await storedIps()).toEqual([]);
  });
});

describe('a blocked address', () => {
  test('gets 403 on every API route and page, JSON for the API and a static page otherwise', async () => {
    const ip = '203.0.113.66';
    expect((await from(a, ip, '/api/blog')).statusCode).toBe(200);
    expect((await block(ip)).statusCode).toBe(201);
    for (const url of ['/api/blog', '/api/signatures/reference/SIG-20250101-4242', '/api/user']) {
      const res = await from(a, ip, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: blockedMessage, blocked: true });
    }
    for (const url of [
      '/',
      '/about',
      '/verify-signature?ref=x',
      '/admin/users',
      '/assets/index-abc.js',
      '/no-such-page',
    ]) {
      const res = await from(a, ip, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>Access blocked</h1>');
      expect(res.body).toContain(blockedMessage);
      // self-contained: no script and nothing else to load, and a policy that allows only its style
      expect(res.body).not.toMatch(/<script|<link|src=/);
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    }
    // a visitor from elsewhere is not affected
    expect((await from(a, '203.0.113.67', '/api/blog')).statusCode).toBe(200);
    expect((await unblock(ip)).statusCode).toBe(200);
    expect((await from(a, ip, '/api/blog')).statusCode).toBe(200);
  });

  test('inside a blocked range is refused, IPv4 and IPv6, and an IPv4-mapped address too', async () => {
    expect((await block('198.51.100.0/24')).statusCode).toBe(201);
    expect((await block('2001:db8:bad::/48')).statusCode).toBe(201);
    expect((await from(a, '198.51.100.200', '/api/blog')).statusCode).toBe(403);
    expect((await from(a, '::ffff:198.51.100.7', '/')).statusCode).toBe(403);
    expect((await from(a, '2001:db8:bad:1::5', '/api/blog')).statusCode).toBe(403);
    expect((await from(a, '198.51.101.1', '/api/blog')).statusCode).toBe(200);
    expect((await from(a, '2001:db8:bae::5', '/api/blog')).statusCode).toBe(200);
    expect((await unblock('198.51.100.0/24')).statusCode).toBe(200);
    expect((await unblock('2001:db8:bad::/48')).statusCode).toBe(200);
    expect((await from(a, '198.51.100.200', '/api/blog')).statusCode).toBe(200);
  });

  test('is refused by every instance soon after the block, and let back after the unblock', async () => {
    const ip = '203.0.113.90';
    expect((await from(b, ip, '/api/blog')).statusCode).toBe(200);
    expect((await block(ip)).statusCode).toBe(201);
    // instance b re-reads the list on its own timer (a few seconds), without a restart
    await expect
      .poll(async () => (await from(b, ip, '/api/blog')).statusCode, { timeout: 12_000, interval: 250 })
      .toBe(403);
    expect((await unblock(ip)).statusCode).toBe(200);
    await expect
      .poll(async () => (await from(b, ip, '/')).statusCode, { timeout: 12_000, interval: 250 })
      .not.toBe(403);
  }, 30_000);

  test('an entry stored before validation existed is skipped by the check and can be removed', async () => {
    await database.db
      .insertInto('blocked_ips')
      .values({ ip: '999.1.1.1', reason: 'old', created_by: null, created_at: new Date().toISOString() })
      .execute();
    await a.ipTracking.refreshBlocked();
    expect((await from(a, '203.0.113.5', '/api/blog')).statusCode).toBe(200);
    expect((await unblock('999.1.1.1')).statusCode).toBe(200);
  });
});
