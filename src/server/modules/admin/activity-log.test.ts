import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityEvents, activityLabel, attemptedAccount, describeActivity } from '#shared/admin/activity.ts';
import { defaultLimits } from '#server/lib/limits.ts';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';

/**
 * Every event reads as words (label and detail, no slugs, no JSON), a throttled
 * sign-in names the account tried, and the search finds details and labels on both databases.
 */
let ctx: TestContext;
let admin: Agent;
const limits = defaultLimits();

beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  admin.ip = '192.0.2.1';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
});
afterAll(() => ctx.close());

interface Item {
  event: string;
  userEmail: string | null;
  detail: string | null;
}
const search = async (q: string, event?: string) => {
  const query = new URLSearchParams({ q, pageSize: '100', ...(event ? { event } : {}) });
  const res = await admin.get(`/api/admin/activities?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Item[]; total: number };
};

describe('the log in words', () => {
  test('a throttled sign-in names the account that was tried, not a visitor', async () => {
    const attacker = new Agent(ctx.app);
    attacker.ip = '203.0.113.31';
    for (let i = 0; i < limits.loginFailuresPerAccount; i++)
      expect((await attacker.login('Ghost.Account@Example.com', 'Wrong!Pass1')).statusCode).toBe(401);
    expect((await attacker.login('ghost.account@example.com', 'Wrong!Pass1')).statusCode).toBe(429);
    const { items } = await search('ghost.account@example.com');
    const throttled = items.find((i) => i.event === 'login-throttled');
    expect(throttled).toBeDefined();
    expect(attemptedAccount(throttled!.detail)).toBe('ghost.account@example.com');
    expect(describeActivity('login-throttled', throttled!.detail)).toBe(
      'Too many attempts from this network, trying ghost.account@example.com',
    );
    // the failures before it name the address too (it has no account to show)
    const failed = items.filter((i) => i.event === 'login-failed');
    expect(failed).toHaveLength(limits.loginFailuresPerAccount);
    expect(failed.every((i) => attemptedAccount(i.detail) === 'ghost.account@example.com')).toBe(true);
  });

  test('a security settings change lists what changed, in words', async () => {
    const current = (await admin.get('/api/admin/security-settings')).json();
    const res = await admin.put('/api/admin/security-settings', {
      ...current,
      sessionIdleMinutes: 5,
      lookupsBeforeCaptcha: current.lookupsBeforeCaptcha + 1,
    });
    expect(res.statusCode).toBe(200);
    const { items } = await search('security settings');
    const change = items.find((i) => i.event === 'admin-action' && i.detail?.startsWith('security settings'));
    expect(change?.detail).not.toContain('{');
    const text = describeActivity(change!.event, change!.detail);
    expect(text).toBe(
      `Security settings changed: inactivity timeout (minutes) ${current.sessionIdleMinutes} → 5; look-ups before CAPTCHA ${current.lookupsBeforeCaptcha} → ${current.lookupsBeforeCaptcha + 1}`,
    );
  });

  test('a row logged as JSON before reads as settings and values', () => {
    expect(
      describeActivity(
        'admin-action',
        'security settings changed: {"sessionIdleMinutes":5,"requireTwoFactorForAll":true}',
      ),
    ).toBe(
      'Security settings changed: inactivity timeout (minutes) 5, two-factor required for everyone true',
    );
  });

  test('every event kind has a label of its own, and no detail is shown as a slug', () => {
    for (const event of activityEvents) {
      expect(activityLabel(event)).not.toBe(event);
      expect(activityLabel(event)).toMatch(/^[A-Z]/);
    }
    expect(new Set(activityEvents.map(activityLabel)).size).toBe(activityEvents.length);
    expect(describeActivity('captcha-failed', 'forgot-password: expired')).toBe(
      'Password reset form: code expired',
    );
    expect(describeActivity('document-uploaded', '#12 Lease 2026')).toBe('Document #12 “Lease 2026”');
    expect(describeActivity('document-signed', '#12 DOC-20260301-0042')).toBe(
      'Document #12 (reference DOC-20260301-0042)',
    );
    expect(describeActivity('signature-access-changed', '#4 private')).toBe('Signature #4 made private');
    expect(describeActivity('email-changed', 'a@example.com -> b@example.com')).toBe(
      'From a@example.com to b@example.com',
    );
    expect(activityLabel('some-future-event')).toBe('Some future event');
  });
});

describe('search', () => {
  test('matches the text of details', async () => {
    const visitor = new Agent(ctx.app);
    visitor.ip = '203.0.113.40';
    await visitor.get('/api/csrf');
    const sent = await visitor.post('/api/support', {
      name: 'Pat',
      email: 'pat@example.com',
      subject: 'Quarterly invoice question',
      message: 'Where do I find the quarterly invoice for my account?',
    });
    expect(sent.statusCode).toBe(201);
    const { items } = await search('INVOICE QUESTION');
    expect(items.map((i) => i.event)).toEqual(['support-message']);
  });

  test('matches event labels', async () => {
    const { items, total } = await search('throttled');
    expect(total).toBeGreaterThan(0);
    expect(items.every((i) => i.event === 'login-throttled' || /throttled/i.test(i.detail ?? ''))).toBe(true);
    expect(items.some((i) => i.event === 'login-throttled')).toBe(true);
  });

  test('takes % and _ literally', async () => {
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
    await ctx.app.activity.log('admin-action', { detail: 'discount of 100% applied', userId: null });
    const { items } = await search('0%');
    expect(items.map((i) => i.detail)).toEqual(['discount of 100% applied']);
  });

  test('combines with the event filter', async () => {
    const { items } = await search('ghost.account', 'login-failed');
    expect(items.length).toBe(limits.loginFailuresPerAccount);
    expect(items.every((i) => i.event === 'login-failed')).toBe(true);
  });
});
