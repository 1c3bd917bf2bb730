import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Agent } from '#server/test/agent.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { startSmtp } from '#server/test/smtp.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: Agent;
let user: Agent;
let userId: number;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await testApp();
  // capture what the server logs, to prove secrets never reach it
  const origInfo = ctx.app.log.info.bind(ctx.app.log);
  const origError = ctx.app.log.error.bind(ctx.app.log);
  ctx.app.log.info = ((...args: unknown[]) => (
    logLines.push(JSON.stringify(args)),
    origInfo(...(args as [string]))
  )) as never;
  ctx.app.log.error = ((...args: unknown[]) => (
    logLines.push(JSON.stringify(args)),
    origError(...(args as [string]))
  )) as never;
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  admin.ip = '192.0.2.1';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
  user = new Agent(ctx.app);
  user.ip = '192.0.2.2';
  userId = (await user.register('plain@example.com')).json().id;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

// Every admin route's 401/403 is checked over the routes Fastify registered: route-guards.test.ts.

describe('users', () => {
  test('search, sort and page', async () => {
    for (let i = 0; i < 3; i++) await new Agent(ctx.app).register(`listed${i}@example.com`);
    const res = (await admin.get('/api/admin/users?q=listed&sort=email&dir=asc&pageSize=2')).json();
    expect(res.total).toBe(3);
    expect(res.items.map((u: { email: string }) => u.email)).toEqual([
      'listed0@example.com',
      'listed1@example.com',
    ]);
    const page2 = (await admin.get('/api/admin/users?q=listed&sort=email&dir=asc&pageSize=2&page=2')).json();
    expect(page2.items).toHaveLength(1);
    expect((await admin.get('/api/admin/users?q=%25')).json().total).toBe(0); // % is literal
    expect((await admin.get('/api/admin/users?sort=password')).statusCode).toBe(400);
  });

  test('sorting by name ignores case and lists accounts without a name last', async () => {
    const named = [
      ['Bea', 'sorted0'],
      ['ada', 'sorted1'],
      ['Cleo', 'sorted2'],
      [null, 'sorted3'],
    ] as const;
    for (const [username, local] of named) {
      await new Agent(ctx.app).register(`${local}@example.com`, undefined, username ? { username } : {});
    }
    const names = async (dir: 'asc' | 'desc') =>
      (await admin.get(`/api/admin/users?q=sorted&sort=name&dir=${dir}`))
        .json()
        .items.map((u: { name: string | null }) => u.name);
    expect(await names('asc')).toEqual(['ada', 'Bea', 'Cleo', null]);
    expect(await names('desc')).toEqual(['Cleo', 'Bea', 'ada', null]);
  });

  test('changing a role takes effect at once', async () => {
    const target = new Agent(ctx.app);
    const id = (await target.register('promote@example.com')).json().id;
    expect((await target.get('/api/admin/users')).statusCode).toBe(403);
    const res = await admin.request('PATCH', `/api/admin/users/${id}/role`, { role: 'admin' });
    expect(res.json().role).toBe('admin');
    expect((await target.get('/api/admin/users')).statusCode).toBe(200);
    expect((await admin.request('PATCH', `/api/admin/users/${id}/role`, { role: 'owner' })).statusCode).toBe(
      400,
    );
  });

  test('an admin cannot demote, disable or delete themselves', async () => {
    const me = (await admin.get('/api/user')).json().id;
    expect((await admin.request('PATCH', `/api/admin/users/${me}/role`, { role: 'user' })).statusCode).toBe(
      400,
    );
    expect(
      (await admin.request('PATCH', `/api/admin/users/${me}/status`, { disabled: true })).statusCode,
    ).toBe(400);
    expect((await admin.request('DELETE', `/api/admin/users/${me}`)).statusCode).toBe(400);
  });

  test('disabling ends their sessions and blocks log-in; enabling lets them back', async () => {
    const target = new Agent(ctx.app);
    const id = (await target.register('disable-me@example.com')).json().id;
    expect(
      (await admin.request('PATCH', `/api/admin/users/${id}/status`, { disabled: true })).statusCode,
    ).toBe(200);
    expect((await target.get('/api/user')).statusCode).toBe(401);
    expect((await target.login('disable-me@example.com', 'Str0ng!Pass')).statusCode).toBe(403);
    await admin.request('PATCH', `/api/admin/users/${id}/status`, { disabled: false });
    expect((await target.login('disable-me@example.com', 'Str0ng!Pass')).statusCode).toBe(200);
  });

  test('delete removes the user with their signatures; detail shows their data', async () => {
    const target = new Agent(ctx.app);
    const id = (await target.register('delete-me@example.com')).json().id;
    await target.post('/api/signatures', {
      signatureData: await signaturePng(),
      signerName: 'Gone',
      consent: true,
    });
    const detail = (await admin.get(`/api/admin/users/${id}`)).json();
    expect(detail).toMatchObject({ user: { email: 'delete-me@example.com' }, signatureCount: 1 });
    expect((await admin.request('DELETE', `/api/admin/users/${id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/users/${id}`)).statusCode).toBe(404);
    const left = await ctx.app.db.selectFrom('signatures').select('id').where('user_id', '=', id).execute();
    expect(left).toHaveLength(0);
  });

  test('resend verification mails the user; a verified user answers 409', async () => {
    // Sign-up is e-mail first, so new accounts start verified (decision 018); an address left
    // unverified is one changed since, as here.
    await ctx.app.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', userId).execute();
    const res = await admin.request('POST', `/api/admin/users/${userId}/resend-verification`);
    expect(res.statusCode).toBe(200);
    const me = (await admin.get('/api/user')).json().id;
    expect((await admin.request('POST', `/api/admin/users/${me}/resend-verification`)).statusCode).toBe(409);
  });
});

describe('signatures, activities, reports, dashboard', () => {
  test('signature list filters and searches; delete works', async () => {
    const anon = new Agent(ctx.app);
    anon.ip = '192.0.2.50';
    await anon.get('/api/csrf');
    const saved = (
      await anon.post('/api/signatures', {
        signatureData: await signaturePng(),
        signerName: 'Findable Name',
        consent: true,
      })
    ).json();
    const found = (await admin.get('/api/admin/signatures?q=findable&filter=anonymous')).json();
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({
      referenceNumber: saved.referenceNumber,
      userId: null,
      hasImage: true,
    });
    expect((await admin.get('/api/admin/signatures?q=findable&filter=registered')).json().total).toBe(0);
    expect((await admin.get('/api/admin/signatures?filter=bogus')).statusCode).toBe(400);
    expect((await admin.request('DELETE', `/api/admin/signatures/${saved.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/signatures/${saved.id}`)).statusCode).toBe(404);
  });

  test('activities record admin actions and can be filtered', async () => {
    const res = (await admin.get('/api/admin/activities?event=admin-action')).json();
    expect(res.total).toBeGreaterThan(0);
    expect(res.items.every((a: { event: string }) => a.event === 'admin-action')).toBe(true);
    const logins = (await admin.get('/api/admin/activities?event=login&q=root@example')).json();
    expect(logins.items[0]).toMatchObject({ userEmail: 'root@example.com', ip: '192.0.2.1' });
    const byIp = (await admin.get('/api/admin/activities?q=192.0.2.')).json();
    expect(byIp.total).toBeGreaterThan(0);
    expect(byIp.items.every((i: { ip: string }) => i.ip.startsWith('192.0.2.'))).toBe(true);
    const none = (await admin.get('/api/admin/activities?q=10.99.')).json();
    expect(none).toEqual({ items: [], total: 0 });
    const page = (await admin.get('/api/admin/activities?pageSize=2&page=2')).json();
    const firstFour = (await admin.get('/api/admin/activities?pageSize=4')).json();
    expect(page.items.map((i: { id: number }) => i.id)).toEqual(
      firstFour.items.slice(2).map((i: { id: number }) => i.id),
    );
  });

  test('reports count sign-ups per day; CSV export has a header and a row per day', async () => {
    const today = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    const report = (await admin.get(`/api/admin/reports?from=${today}&to=${today}`)).json();
    expect(report.days).toEqual([today]);
    expect(report.series.signups[0]).toBeGreaterThanOrEqual(5);
    const csv = await admin.get(`/api/admin/reports/export?from=${today}&to=${today}`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'day,signups,signaturesCreated,lookupsFound,lookupsNotFound,lookupsExpiredOrRevoked,lookupsRateLimited,documentsUploaded,documentsSigned,pageViews',
    );
    expect(lines).toHaveLength(2);
    expect((await admin.get('/api/admin/reports?from=2025-05-02&to=2025-05-01')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/reports?from=yesterday')).statusCode).toBe(400);
  });

  test('look-ups and page views reach the reports through the batched counters', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path: '/reported' },
      remoteAddress: '192.0.2.60',
    });
    await ctx.app.inject('/api/signatures/reference/SIG-20250101-0000');
    await ctx.app.dailyStats.flush();
    const report = (await admin.get('/api/admin/reports')).json();
    expect(report.topPaths).toContainEqual({ path: '/reported', views: 1 });
    expect(report.series.lookupsNotFound.at(-1)).toBeGreaterThanOrEqual(1);
    const dash = (await admin.get('/api/admin/dashboard')).json();
    expect(dash.users.total).toBeGreaterThanOrEqual(5);
    expect(dash.chart.days).toHaveLength(30);
    expect(dash.recentActivity.length).toBeGreaterThan(0);
  });
});

describe('settings', () => {
  test('security limits are validated and a change applies at once', async () => {
    const current = (await admin.get('/api/admin/security-settings')).json();
    expect(current).toMatchObject({
      sessionIdleMinutes: 15,
      lookupsBeforeCaptcha: 30,
      lookupsBeforeBlock: 100,
    });
    const zero = await admin.put('/api/admin/security-settings', { ...current, lookupsBeforeCaptcha: 0 });
    expect(zero.statusCode).toBe(400);
    const inverted = await admin.put('/api/admin/security-settings', {
      ...current,
      lookupsBeforeCaptcha: 50,
      lookupsBeforeBlock: 10,
    });
    expect(inverted.json().message).toBe(
      'Look-ups before blocking must be more than look-ups before CAPTCHA',
    );
    expect(
      (await admin.put('/api/admin/security-settings', { ...current, lookupsBeforeCaptcha: 1 })).statusCode,
    ).toBe(200);
    const v = new Agent(ctx.app);
    v.ip = '198.51.100.200';
    await v.get('/api/signatures/reference/SIG-20250101-1111');
    expect((await v.get('/api/signatures/reference/SIG-20250101-1112')).statusCode).toBe(429);
    await admin.put('/api/admin/security-settings', current);
  });

  test('the SMTP password is stored encrypted and never sent back or logged', async () => {
    const secret = 'Sup3r-Secret-SMTP-Pass';
    const port = smtp.port;
    const saved = await admin.put('/api/admin/email-settings', {
      host: '127.0.0.1',
      port,
      security: 'none',
      user: 'mailer',
      password: secret,
      from: 'Inkproof <noreply@example.com>',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ host: '127.0.0.1', passwordSet: true, source: 'settings' });
    const stored = await ctx.app.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(stored.value).not.toContain(secret);
    const test = await admin.post('/api/admin/email-settings/test', { to: 'ops@example.com' });
    expect(test.statusCode).toBe(200);
    await smtp.waitFor('ops@example.com');
    // keep the password when the field is left blank
    await admin.put('/api/admin/email-settings', {
      host: '127.0.0.1',
      port,
      security: 'none',
      user: 'mailer',
      from: 'x@example.com',
    });
    expect((await admin.get('/api/admin/email-settings')).json().passwordSet).toBe(true);
    for (const url of [
      '/api/admin/email-settings',
      '/api/admin/diagnostics',
      '/api/admin/settings',
      '/api/admin/activities?pageSize=100',
    ]) {
      expect((await admin.get(url)).body).not.toContain(secret);
    }
    expect(logLines.join('\n')).not.toContain(secret);
    await admin.request('DELETE', '/api/admin/email-settings');
  });

  test('a failing test e-mail answers 502 with the reason', async () => {
    await admin.put('/api/admin/email-settings', {
      host: '127.0.0.1',
      port: 1,
      security: 'none',
      user: '',
      from: 'x@example.com',
    });
    const res = await admin.post('/api/admin/email-settings/test', { to: 'ops@example.com' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/Sending failed/);
    await admin.request('DELETE', '/api/admin/email-settings');
  });

  test('site settings validate URLs; the public URL changes the QR origin', async () => {
    const current = (await admin.get('/api/admin/settings')).json();
    expect(
      (
        await admin.put('/api/admin/settings', {
          ...current,
          analyticsScriptUrl: 'http://insecure.example/a.js',
        })
      ).statusCode,
    ).toBe(400);
    const res = await admin.put('/api/admin/settings', {
      ...current,
      publicUrl: 'https://sign.example.org/some/path',
      analyticsScriptUrl: 'https://stats.example.net/s.js',
    });
    expect(res.json()).toMatchObject({
      publicUrl: 'https://sign.example.org',
      analyticsScriptUrl: 'https://stats.example.net/s.js',
    });
    const csp = String((await ctx.app.inject('/robots.txt')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://stats.example.net");
    const anon = new Agent(ctx.app);
    anon.ip = '192.0.2.77';
    await anon.get('/api/csrf');
    const sig = (
      await anon.post('/api/signatures', {
        signatureData: await signaturePng(),
        signerName: 'Q',
        consent: true,
      })
    ).json();
    expect(sig.qrCodeData).toMatch(/^https:\/\/sign\.example\.org\/verify-signature\?/);
    await admin.put('/api/admin/settings', { ...current, analyticsScriptUrl: '' });
    expect(String((await ctx.app.inject('/robots.txt')).headers['content-security-policy'])).toContain(
      "script-src 'self';",
    );
  });

  test('support messages arrive and can be marked read', async () => {
    const visitor = new Agent(ctx.app);
    visitor.ip = '192.0.2.90';
    await visitor.get('/api/csrf');
    const sent = await visitor.post('/api/support', {
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'Help please',
      message: 'How do I verify a signature?',
    });
    expect(sent.statusCode).toBe(201);
    expect(
      (await visitor.post('/api/support', { name: 'Ann', email: 'bad', subject: 'x', message: 'short' }))
        .statusCode,
    ).toBe(400);
    const list = (await admin.get('/api/admin/support-messages')).json();
    expect(list.unread).toBe(1);
    const id = list.items[0].id;
    expect(
      (await admin.request('PATCH', `/api/admin/support-messages/${id}`, { read: true })).json().read,
    ).toBe(true);
    expect((await admin.get('/api/admin/support-messages')).json().unread).toBe(0);
  });
});

describe('IP tracking and blocking', () => {
  test('a blocked IP gets 403 on the API, at once; unblocking lets it back', async () => {
    const victim = new Agent(ctx.app);
    victim.ip = '203.0.113.66';
    expect((await victim.get('/api/blog')).statusCode).toBe(200);
    const res = await admin.post('/api/admin/blocked-ips', {
      ip: '203.0.113.66',
      reason: 'scraping look-ups',
    });
    expect(res.statusCode).toBe(201);
    const blocked = await victim.get('/api/blog');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().blocked).toBe(true);
    expect((await ctx.app.inject({ url: '/healthz', remoteAddress: '203.0.113.66' })).statusCode).toBe(200);
    expect(
      (await admin.post('/api/admin/blocked-ips', { ip: '203.0.113.66', reason: 'again' })).statusCode,
    ).toBe(409);
    expect((await admin.request('DELETE', '/api/admin/blocked-ips/203.0.113.66')).statusCode).toBe(200);
    expect((await victim.get('/api/blog')).statusCode).toBe(200);
  });

  test('an admin cannot block their own address; bad input is refused', async () => {
    expect((await admin.post('/api/admin/blocked-ips', { ip: admin.ip, reason: 'oops' })).statusCode).toBe(
      400,
    );
    expect((await admin.post('/api/admin/blocked-ips', { ip: 'not-an-ip', reason: 'x' })).statusCode).toBe(
      400,
    );
  });

  test('requests and look-ups per IP are counted', async () => {
    const v = new Agent(ctx.app);
    v.ip = '198.51.100.123';
    await v.get('/api/signatures/reference/SIG-20250101-4242');
    await v.get('/api/blog');
    await ctx.app.ipTracking.flush();
    const list = (await admin.get('/api/admin/ip-tracking?q=198.51.100.123')).json();
    expect(list.items[0]).toMatchObject({ ip: '198.51.100.123', requests: 2, lookups: 1 });
    const detail = (await admin.get('/api/admin/ip-tracking/198.51.100.123')).json();
    expect(detail.hours[0]).toMatchObject({ requests: 2, lookups: 1 });
  });
});

describe('diagnostics', () => {
  test('report version, database, migrations, memory and mail', async () => {
    const d = (await admin.get('/api/admin/diagnostics')).json();
    expect(d).toMatchObject({
      version: expect.any(String),
      database: { kind: ctx.app.dialect, healthy: true },
    });
    expect(d.database.migrations.length).toBeGreaterThanOrEqual(6);
    expect(d.memory.rssBytes).toBeGreaterThan(0);
    const check = (await admin.post('/api/admin/diagnostics/mail-check')).json();
    expect(check.ok).toBe(false);
    expect((await admin.put('/api/admin/diagnostics/log-level', { level: 'loud' })).statusCode).toBe(400);
    expect((await admin.put('/api/admin/diagnostics/log-level', { level: 'warn' })).json().logLevel).toBe(
      'warn',
    );
  });
});
