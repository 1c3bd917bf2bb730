import { expect, request, test, type Page } from '@playwright/test';
import { adminText } from '../src/web/features/admin/messages.ts';
import { accountMessages } from '../src/shared/accounts/messages.ts';
import {
  expectNoAxeViolations,
  fillSecurityCode,
  logInAsAdmin,
  signUpViaApi,
  uniqueEmail,
} from './support.ts';

/**
 * The admin pages in the browser: the admin tables fit a phone (stacked cards at
 * 390 px, nothing clipped or scrolled sideways) and a desktop, the activity log reads as words,
 * and the site name shows in the header, footer and title once an admin sets it.
 */
const PAGES: [string, string][] = [
  ['/admin/users', adminText.users.title],
  ['/admin/activities', adminText.activities.title],
  ['/admin/ip-tracking', adminText.ip.title],
  ['/admin/signatures', adminText.signatures.title],
  ['/admin/dashboard', adminText.dashboard.title],
  ['/admin/email-settings', adminText.email.title],
  ['/admin/debug-settings', adminText.diagnostics.settingsTitle],
  ['/admin/reports', adminText.reports.title],
];

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
}

/** Every table box and the page itself: nothing wider than its box (no clipping, no sideways scroll). */
async function overflowing(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) out.push('page');
    for (const table of document.querySelectorAll('table')) {
      const box = table.parentElement!;
      if (box.scrollWidth > box.clientWidth + 1)
        out.push(
          `${table.querySelector('caption')?.textContent ?? 'table'}: ${box.scrollWidth} > ${box.clientWidth}`,
        );
    }
    return out;
  });
}

test.beforeEach(async ({ page }) => logInAsAdmin(page));

for (const width of [390, 1280]) {
  test(`admin tables fit at ${width} px, and every button can be reached`, async ({ page }) => {
    test.setTimeout(150_000);
    const other = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
    await signUpViaApi(other, { email: uniqueEmail('a-rather-long-address-for-the-table') });
    await other.dispose();
    await page.setViewportSize({ width, height: 900 });
    for (const [path, heading] of PAGES) {
      await open(page, path, heading);
      expect(await overflowing(page), path).toEqual([]);
      await page.screenshot({
        path: `test-results/admin-${width}${path.replaceAll('/', '-')}.png`,
        fullPage: true,
      });
      await expectNoAxeViolations(page);
    }
    // Users: each row's Manage button is inside the viewport
    await open(page, '/admin/users', adminText.users.title);
    const manage = page.getByRole('button', { name: /^Manage / }).first();
    await expect(manage).toBeInViewport();
    const box = (await manage.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });
}

test('the site name an admin sets shows in the header, footer and title, escaped', async ({ page }) => {
  const name = 'Acme <Sign> & Co';
  await page.goto('/admin/settings');
  const field = page.getByLabel(adminText.settings.siteName);
  await expect(field).not.toHaveValue('');
  const before = await field.inputValue();
  try {
    await field.fill(name);
    await page.getByRole('button', { name: adminText.settings.save }).click();
    await expect(page.getByText(adminText.settings.saved).first()).toBeVisible();
    // at once in this tab: header, and the title of the page
    await expect(page.getByRole('banner').getByText(name, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`\\| ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    // a fresh page load: the server's head already carries it, and the footer names it
    await page.goto('/about');
    await expect(page).toHaveTitle(`About ${name} and terms and conditions`);
    expect(await page.locator('meta[property="og:site_name"]').getAttribute('content')).toBe(name);
    await expect(page.getByRole('banner').getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText(name, { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/site-name-about-1280.png' });
    await expectNoAxeViolations(page);
  } finally {
    await page.goto('/admin/settings');
    await page.getByLabel(adminText.settings.siteName).fill(before);
    await page.getByRole('button', { name: adminText.settings.save }).click();
    await expect(page.getByText(adminText.settings.saved).first()).toBeVisible();
  }
});

test('forgot-password asks for the security code, and says how long a lock-out lasts', async ({ page }) => {
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/auth?tab=forgot-password');
  const forgot = page.getByRole('tabpanel', { name: 'Forgot Password' });
  await forgot.getByLabel('Email', { exact: true }).fill('nobody@example.com');
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByText(accountMessages.captchaRequired)).toBeVisible();
  await expect(forgot.getByRole('img', { name: /security code/i })).toBeVisible();
  await page.screenshot({ path: 'test-results/forgot-password-390.png', fullPage: true });
  await expectNoAxeViolations(page);
  // a wrong code is refused by the server, and a new challenge is shown
  await fillSecurityCode(forgot, 'WRONG1');
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('alert')).toHaveText(accountMessages.captchaWrong);
  // a lock-out (429 with retryAfter) is worded with the wait
  await page.route('**/api/forgot-password', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ message: accountMessages.tooManyResets, retryAfter: 230 }),
    }),
  );
  await fillSecurityCode(forgot);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('alert')).toHaveText('Too many reset requests. Try again in 4 minutes.');
});
