import fs from 'node:fs';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { activityLabels } from '../src/shared/admin/activity.ts';
import { adminMessages } from '../src/shared/admin/messages.ts';
import { adminText } from '../src/web/features/admin/messages.ts';
import { expectNoAxeViolations, logInAsAdmin, mailTo, signUpViaApi, uniqueEmail } from './support.ts';

const SIGNATURE_SVG = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 70 C 40 10, 80 10, 100 60" stroke="#111" stroke-width="4" fill="none"/></svg>',
).toString('base64')}`;

/** A client of its own (its own session and CSRF token), as another browser would be. */
async function apiClient() {
  const ctx = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  let token = (await ctx.get('/api/csrf')).headers()['x-csrf-token'] ?? '';
  const send = async (method: 'get' | 'post', url: string, data?: unknown) => {
    const res = await ctx[method](url, { headers: { 'x-csrf-token': token }, data });
    token = res.headers()['x-csrf-token'] ?? token;
    return res;
  };
  return { ctx, send };
}

/** Registers a user through the API, saves a signature for them and looks it up once. */
async function seedUser(name: string) {
  const { ctx, send } = await apiClient();
  const email = uniqueEmail('admin-e2e');
  await signUpViaApi(ctx, { username: name, email });
  await send('get', '/api/csrf'); // signing in changed the session: pick up its token
  const sig = await send('post', '/api/signatures', {
    signatureData: SIGNATURE_SVG,
    signerName: `${name} Signer`,
    consent: true,
  });
  expect(sig.ok()).toBe(true);
  const { referenceNumber } = (await sig.json()) as { referenceNumber: string };
  expect((await send('get', `/api/signatures/reference/${referenceNumber}`)).ok()).toBe(true);
  await send('post', '/api/analytics/pageview', { path: '/verify-signature' });
  await ctx.dispose();
  return { email, referenceNumber };
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}

const adminApi = (page: Page): APIRequestContext => page.request;

test.beforeEach(async ({ page }) => logInAsAdmin(page));

test('an admin walks through every admin page and sees real data', async ({ page }) => {
  // Fourteen pages, each checked with axe: about 40 s on a quiet machine, 115 s on a busy one.
  test.setTimeout(180_000);
  const ada = await seedUser('ada_walk');
  const t = adminText;

  await open(page, '/admin/dashboard', t.dashboard.title);
  const users = (await (await adminApi(page).get('/api/admin/dashboard')).json()) as {
    users: { total: number };
  };
  await expect(page.getByRole('region', { name: t.dashboard.users, exact: true })).toContainText(
    String(users.users.total),
  );
  await expect(page.getByRole('img', { name: /^Sign-ups: \d+ over 30 days/ })).toBeVisible();
  await expect(page.getByRole('table', { name: t.dashboard.recentCaption })).toContainText(ada.email);
  await expectNoAxeViolations(page);

  await open(page, '/admin/users', t.users.title);
  await page.getByLabel(t.users.search).fill(ada.email);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: t.users.manageLabel(ada.email) }).click();
  const detail = page.getByRole('dialog', { name: ada.email });
  await expect(detail.getByRole('table', { name: t.users.signaturesCaption })).toContainText(
    ada.referenceNumber,
  );
  await expect(detail.getByText(t.users.facts.sessions)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  await open(page, '/admin/signatures', t.signatures.title);
  await page.getByLabel(t.signatures.search).fill(ada.referenceNumber);
  const row = page.getByRole('row', { name: new RegExp(ada.referenceNumber) });
  await expect(row).toHaveCount(1);
  // reference, signer, owner, created, look-ups: the lookup of seedUser is counted
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await row.getByRole('button', { name: t.signatures.viewLabel(ada.referenceNumber) }).click();
  await expect(page.getByRole('img', { name: t.signatures.imageAlt('ada_walk Signer') })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  await open(page, '/admin/reports', t.reports.title);
  await expect(
    page.getByRole('img', { name: /^Verification look-ups: [1-9]\d* over 30 days/ }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: t.reports.topPathsCaption })).toContainText(
    '/verify-signature',
  );
  await expectNoAxeViolations(page);

  await open(page, '/admin/activities', t.activities.title);
  await page.getByLabel(t.activities.event, { exact: true }).selectOption('register');
  await page.getByLabel(t.activities.search, { exact: true }).fill(ada.email);
  const log = page.getByRole('table', { name: /Activity log/ });
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText(activityLabels.register);
  await expectNoAxeViolations(page);

  await open(page, '/admin/email-settings', t.email.title);
  await expect(page.getByText(t.email.source.environment!)).toBeVisible();
  await expectNoAxeViolations(page);

  await open(page, '/admin/security-settings', t.security.title);
  await expect(page.getByLabel('Inactivity timeout (minutes)')).toHaveValue(/^\d+$/);
  await expectNoAxeViolations(page);

  await open(page, '/admin/debug', t.diagnostics.overviewTitle);
  await expect(page.getByText('SQLite', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: t.diagnostics.migrationsCaption })).toContainText(
    '0001-accounts',
  );
  await expect(page.getByRole('button', { name: t.diagnostics.checkMail })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: t.diagnostics.toSettings }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.diagnostics.settingsTitle })).toBeVisible();
  await page.getByRole('button', { name: t.diagnostics.checkMail }).click();
  await expect(page.getByText('The SMTP server accepted the connection')).toBeVisible();
  await expectNoAxeViolations(page);

  await open(page, '/admin/ip-tracking', t.ip.title);
  const { yourIp } = (await (await adminApi(page).get('/api/admin/ip-tracking')).json()) as {
    yourIp: string;
  };
  await expect(page.getByRole('table', { name: t.ip.caption })).toContainText(yourIp);
  await expectNoAxeViolations(page);

  await open(page, '/admin/settings', t.settings.title);
  await expect(page.getByLabel(t.settings.siteName)).not.toHaveValue('');
  await expectNoAxeViolations(page);

  await page.goto('/admin/environment-settings');
  await expect(page).toHaveURL(/\/admin\/email-settings$/);
});

test("an admin changes a user's role", async ({ page }) => {
  const { email } = await seedUser('role_change');
  await open(page, '/admin/users', adminText.users.title);
  await page.getByLabel(adminText.users.search).fill(email);
  await page.getByRole('button', { name: adminText.users.manageLabel(email) }).click();
  const dialog = page.getByRole('dialog', { name: email });
  await dialog.getByLabel(adminText.users.roleLabel).selectOption('admin');
  await dialog.getByRole('button', { name: adminText.users.changeRole }).click();
  await expect(page.getByText(adminText.users.roleChanged(email, 'admin'), { exact: true })).toBeVisible();
  await expect(dialog.locator('dl')).toContainText('Admin');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Admin');

  const res = await adminApi(page).get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  expect(((await res.json()) as { items: { role: string }[] }).items[0]!.role).toBe('admin');
});

test("an admin sees a user's storage and gives them their own quota, then the default again", async ({
  page,
}) => {
  const t = adminText.users;
  const { email } = await seedUser('quota_user');
  await open(page, '/admin/users', t.title);
  await page.getByLabel(t.search).fill(email);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(
    row.getByText(t.storageOfQuota('0 MB', '500 MB'), { exact: true }).locator('visible=true'),
  ).toHaveCount(1);
  await row.getByRole('button', { name: t.manageLabel(email) }).click();
  const dialog = page.getByRole('dialog', { name: email });
  await expect(dialog.locator('dl')).toContainText(`${t.storageOfQuota('0 MB', '500 MB')} ${t.quotaDefault}`);
  await dialog.getByLabel(t.quotaLabel).fill('25');
  await dialog.getByRole('button', { name: t.saveQuota }).click();
  await expect(page.getByText(t.quotaSaved(email, '25 MB'), { exact: true })).toBeVisible();
  await expect(dialog.locator('dl')).toContainText(`${t.storageOfQuota('0 MB', '25 MB')} ${t.quotaOwn}`);
  await expectNoAxeViolations(page);
  await dialog.screenshot({ path: 'test-results/admin-user-quota.png' });
  await dialog.getByLabel(t.quotaLabel).fill('');
  await dialog.getByRole('button', { name: t.saveQuota }).click();
  await expect(page.getByText(t.quotaReset(email, '500 MB'), { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(row).toContainText(t.storageOfQuota('0 MB', '500 MB'));
  await page.screenshot({ path: 'test-results/admin-users-storage.png' });

  await open(page, '/admin/security-settings', adminText.security.title);
  await expect(page.getByLabel('Storage per user (MB)')).toHaveValue('500');
  await page.screenshot({ path: 'test-results/admin-security-uploads.png', fullPage: true });
});

test('an admin sorts the users by name from its column header', async ({ page }) => {
  const t = adminText.users;
  const tag = `byname${Math.floor(Math.random() * 1e6)}`;
  // a capital letter must not sort before the lower-case names
  const [a, b, c] = [`${tag}_a`, `${tag}_b`, `${tag.toUpperCase()}_c`];
  const emails = new Map<string, string>();
  for (const name of [b, c, a]) emails.set(name, (await seedUser(name)).email);
  await open(page, '/admin/users', t.title);
  await page.getByLabel(t.search).fill(tag);
  const manage = page.getByRole('button', { name: /^Manage / });
  await expect(manage).toHaveCount(3);
  const order = () => manage.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  const expected = (...names: string[]) => names.map((n) => t.manageLabel(emails.get(n)!));

  const header = page.getByRole('columnheader', { name: new RegExp(`^${t.columns.name}\\b`) });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(order).toEqual(expected(c, b, a));
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(order).toEqual(expected(a, b, c));
  await expect(page).toHaveURL(/sort=name/);
  await expectNoAxeViolations(page);
});

test('an admin deletes a user after confirming, and their data goes too', async ({ page }) => {
  const { email, referenceNumber } = await seedUser('to_delete');
  await open(page, '/admin/users', adminText.users.title);
  await page.getByLabel(adminText.users.search).fill(email);
  await page.getByRole('button', { name: adminText.users.manageLabel(email) }).click();
  await page.getByRole('button', { name: adminText.users.deleteUser }).click();
  const confirm = page.getByRole('alertdialog', { name: adminText.users.deleteTitle(email) });
  await expect(confirm).toContainText('1 signature');
  await confirm.getByRole('button', { name: adminText.users.deleteUser }).click();
  await expect(page.getByText(adminText.users.deleted(email), { exact: true })).toBeVisible();
  await expect(page.getByText(adminText.users.empty)).toBeVisible();
  expect((await adminApi(page).get(`/api/signatures/reference/${referenceNumber}`)).status()).toBe(404);
});

test('an admin blocks and unblocks an IP address, and cannot block their own', async ({ page }) => {
  const ip = '198.51.100.77';
  const t = adminText.ip;
  await open(page, '/admin/ip-tracking', t.title);
  const { yourIp } = (await (await adminApi(page).get('/api/admin/ip-tracking')).json()) as {
    yourIp: string;
  };
  await expect(page.getByText(t.yourIp(yourIp))).toBeVisible();
  // the admin's own row offers no Block
  const own = page
    .getByRole('table', { name: t.caption })
    .getByRole('row', { name: new RegExp(yourIp.replace(/[.]/g, '\\.')) });
  await expect(own.getByRole('button', { name: t.detailsLabel(yourIp) })).toBeVisible();
  await expect(own.getByRole('button', { name: t.blockLabel(yourIp) })).toHaveCount(0);

  const form = page.getByRole('region', { name: t.blockHeading });
  await form.getByLabel(t.address).fill(yourIp);
  await form.getByLabel(t.reason).fill('Testing the guard');
  await form.getByRole('button', { name: t.blockSubmit }).click();
  await expect(form.getByText('You cannot block the address you are using')).toBeVisible();
  await form.getByLabel(t.address).fill('999.1.1.1');
  await form.getByRole('button', { name: t.blockSubmit }).click();
  await expect(form.getByText(adminMessages.invalidIp)).toBeVisible();
  await expectNoAxeViolations(page);

  await form.getByLabel(t.address).fill(ip);
  await form.getByLabel(t.reason).fill('');
  await form.getByRole('button', { name: t.blockSubmit }).click();
  await expect(form.getByText('Please give a reason (at least 3 characters)')).toBeVisible();
  await form.getByLabel(t.reason).fill('Scraping verification pages');
  await form.getByRole('button', { name: t.blockSubmit }).click();
  await expect(page.getByText(t.blockedToast(ip), { exact: true })).toBeVisible();

  const blocked = page.getByRole('table', { name: t.blockedCaption });
  await expect(blocked.getByRole('row', { name: new RegExp(ip.replace(/\./g, '\\.')) })).toContainText(
    'Scraping verification pages',
  );
  const list = (await (await adminApi(page).get('/api/admin/ip-tracking')).json()) as {
    blocked: { ip: string }[];
  };
  expect(list.blocked.map((b) => b.ip)).toContain(ip);

  await blocked.getByRole('button', { name: t.unblockLabel(ip) }).click();
  await expect(page.getByText(t.unblockedToast(ip), { exact: true })).toBeVisible();
  await expect(blocked).not.toContainText(ip);
});

test('an admin sends a test e-mail that arrives at the SMTP server', async ({ page }) => {
  const to = uniqueEmail('smtp-test');
  const t = adminText.email;
  await open(page, '/admin/email-settings', t.title);
  await page.getByLabel(t.testTo).fill(to);
  await page.getByRole('button', { name: t.testSend }).click();
  await expect(page.getByText(`Test e-mail sent to ${to}`)).toBeVisible();
  const mail = await mailTo(to);
  expect(mail.text).toContain('This is a test e-mail from your Inkproof server');
});

test('security limits are validated like on the server and saved without restart', async ({ page }) => {
  const t = adminText.security;
  await open(page, '/admin/security-settings', t.title);
  const idle = page.getByLabel('Inactivity timeout (minutes)');
  const before = await idle.inputValue();
  await idle.fill('0');
  await page.getByLabel('Look-ups before blocking (look-ups)').fill('1');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByText('The inactivity timeout must be at least 5')).toBeVisible();
  await expect(page.getByText('Look-ups before blocking must be at least 2')).toBeVisible();

  await page.getByRole('button', { name: t.reset }).click();
  await idle.fill('20');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.saved, { exact: true })).toBeVisible();
  const saved = (await (await adminApi(page).get('/api/admin/security-settings')).json()) as {
    sessionIdleMinutes: number;
  };
  expect(saved.sessionIdleMinutes).toBe(20);

  await idle.fill(before);
  await page.getByRole('button', { name: t.save }).click();
  await expect
    .poll(
      async () =>
        (
          (await (await adminApi(page).get('/api/admin/security-settings')).json()) as {
            sessionIdleMinutes: number;
          }
        ).sessionIdleMinutes,
    )
    .toBe(Number(before));
});

test('an admin exports the report as CSV, one row per day', async ({ page }) => {
  const t = adminText.reports;
  await open(page, '/admin/reports', t.title);
  await page.getByRole('button', { name: t.lastDays(7) }).click();
  await expect(page.getByText(/\(7 days\)/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: t.exportCsv }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^inkproof-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toBe(
    'day,signups,signaturesCreated,lookupsFound,lookupsNotFound,lookupsExpiredOrRevoked,lookupsRateLimited,documentsUploaded,documentsSigned,pageViews',
  );
  const days = lines.slice(1).map((l) => l.split(',')[0]);
  expect(days).toHaveLength(7);
  for (let i = 1; i < days.length; i++) {
    expect(Date.parse(`${days[i]}T00:00:00Z`) - Date.parse(`${days[i - 1]}T00:00:00Z`)).toBe(86_400_000);
  }
  expect(days[6]).toBe(new Date().toISOString().slice(0, 10));
  for (const line of lines.slice(1)) expect(line).toMatch(/^\d{4}-\d{2}-\d{2}(,\d+){9}$/);
});
