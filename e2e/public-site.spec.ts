import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { BlogPost } from '../src/shared/blog/schemas.ts';
import { termsSections } from '../src/web/features/info/content/terms.ts';
import { useCases } from '../src/web/features/info/content/use-cases.ts';
import { infoText } from '../src/web/features/info/messages.ts';
import { homeText } from '../src/web/features/home/messages.ts';
import { E2E_ADMIN, E2E_CAPTCHA, expectNoAxeViolations } from './support.ts';

/**
 * Console errors of a page. A signed-out visitor's GET /api/user answers 401 by contract (401
 * means nobody is signed in), which chromium logs as a failed resource; that one is expected, nothing else is.
 */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const url = msg.location().url;
    if (/401/.test(msg.text()) && url.endsWith('/api/user')) return;
    errors.push(`${msg.text()} (${url})`);
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Signs the request context in as the admin; returns a sender that keeps the CSRF token current. */
async function adminSession(request: APIRequestContext) {
  await request.get('/api/captcha?purpose=login');
  let token = (await request.get('/api/csrf')).headers()['x-csrf-token']!;
  const send = async (method: 'post' | 'put' | 'delete', url: string, data?: unknown) => {
    const res = await request[method](url, { headers: { 'x-csrf-token': token }, data });
    token = res.headers()['x-csrf-token'] ?? token;
    return res;
  };
  expect((await send('post', '/api/login', { ...E2E_ADMIN, captcha: E2E_CAPTCHA })).status()).toBe(200);
  return send;
}

async function publishedPost(request: APIRequestContext): Promise<BlogPost> {
  const send = await adminSession(request);
  const res = await send('post', '/api/admin/blog', {
    title: `Field notes ${Date.now()}`,
    excerpt: 'How a verification QR code saves a phone call.',
    content: 'First paragraph.\n\nSecond paragraph after a break.',
    category: 'Guides',
    tags: ['qr'],
    published: true,
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as BlogPost;
}

test('every public page renders cleanly at 360 and 1280 px, with one h1 and no axe violations', async ({
  page,
  playwright,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const post = await publishedPost(admin);
  await admin.dispose();
  const pages = [
    '/',
    '/about',
    '/use-cases',
    '/blog',
    `/blog/${post.slug}`,
    '/signature',
    '/verify-signature',
    '/temp-download',
    '/privacy',
    '/auth',
  ];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of pages) {
      const errors = consoleErrors(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      // nothing sticks out sideways on a phone
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px is wider than the screen`).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      const name = `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
      expect(errors, `console errors on ${path} at ${width}px`).toEqual([]);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }
  }
});

test('the home page has the spec’s calls to action, cards and a sample reference in the real format', async ({
  page,
}) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: homeText.hero.create })).toHaveAttribute('href', '/signature');
  await expect(main.getByRole('link', { name: homeText.hero.verify })).toHaveAttribute(
    'href',
    '/verify-signature',
  );
  for (const card of Object.values(homeText.features.cards)) {
    await expect(main.getByRole('heading', { level: 3, name: card.title })).toBeVisible();
  }
  await expect(main.getByRole('heading', { name: homeText.confidence.title })).toBeVisible();
  await expect(main.getByRole('link', { name: homeText.cta.create })).toHaveAttribute('href', '/signature');
  await expect(main.getByRole('link', { name: homeText.cta.signUp })).toHaveAttribute('href', /^\/auth/);
  await expect(main.getByRole('link', { name: homeText.steps.useCasesLink })).toHaveAttribute(
    'href',
    '/use-cases',
  );
  await expect(page.getByTestId('sample-reference')).toHaveText(/^SIG-\d{8}-\d{4}$/);
  // the server's head is the one that counts for crawlers; the client adds no second JSON-LD
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  await expect(page).toHaveTitle(homeText.meta.title);
});

test('header and footer links lead where the spec says, on a phone and on a desktop', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  const mainNav = header.getByRole('navigation', { name: 'Main', exact: true });
  await mainNav.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page).toHaveTitle(infoText.about.metaTitle);
  await mainNav.getByRole('link', { name: 'Use Cases' }).click();
  await expect(page.getByRole('heading', { level: 1, name: infoText.useCases.title })).toBeVisible();
  await expect(page).toHaveTitle(infoText.useCases.metaTitle);
  await mainNav.getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(mainNav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
  await header.getByRole('link', { name: /Inkproof\s*, home/ }).click();
  await expect(page).toHaveURL(/\/$/);

  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Create Signature' }).click();
  await expect(page).toHaveURL(/\/signature$/);
  await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL(/\/about#terms$/);
  await expect(page.getByRole('heading', { level: 2, name: infoText.about.termsTitle })).toBeInViewport();
  await footer.getByRole('link', { name: 'Use Cases' }).click();
  await expect(page).toHaveURL(/\/use-cases$/);

  // the external links are the admin's site settings
  const settings = (await (await page.request.get('/api/site-settings')).json()) as {
    privacyPolicyUrl: string;
    sisterProducts: { label: string; url: string }[];
  };
  expect(settings.sisterProducts.length).toBeGreaterThanOrEqual(2);
  for (const product of settings.sisterProducts) {
    const link = footer.getByRole('link', { name: new RegExp(product.label) });
    await expect(link).toHaveAttribute('href', product.url);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  // on this server the privacy policy is its own /privacy page
  expect(new URL(settings.privacyPolicyUrl).pathname).toBe('/privacy');
  await footer.getByRole('link', { name: /Privacy Policy/ }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: infoText.privacy.title })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main mobile' })
    .getByRole('link', { name: 'Use Cases' })
    .click();
  await expect(page).toHaveURL(/\/use-cases$/);
  await expect(page.getByRole('navigation', { name: 'Main mobile' })).toBeHidden();
});

test('about carries the benefits, the mission and 8 sections of terms; /terms leads to them', async ({
  page,
}) => {
  await page.goto('/terms');
  await expect(page).toHaveURL(/\/about#terms$/);
  const terms = page.locator('#terms');
  await expect(terms.getByText(infoText.about.lastUpdated)).toBeVisible();
  await expect(terms.getByRole('heading', { level: 3 })).toHaveCount(8);
  for (const [index, section] of termsSections.entries()) {
    await expect(
      terms.getByRole('heading', { level: 3, name: `${index + 1}. ${section.title}` }),
    ).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: infoText.about.missionTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: infoText.about.benefitsTitle })).toBeVisible();
  for (const text of ['PNG, JPG and SVG', 'verification QR code', 'no account required']) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(text) })).toBeVisible();
  }

  await page.goto('/use-cases');
  const main = page.getByRole('main');
  for (const useCase of useCases) {
    await expect(main.getByRole('heading', { level: 2, name: useCase.title, exact: true })).toBeVisible();
  }
  await expect(main.getByRole('link', { name: infoText.cta.create })).toHaveAttribute('href', '/signature');
  await expect(main.getByRole('link', { name: infoText.cta.signUp })).toHaveAttribute('href', /^\/auth/);
  await main
    .getByRole('navigation', { name: infoText.useCases.jumpTo })
    .getByRole('link', { name: 'Automotive' })
    .click();
  await expect(main.getByRole('heading', { level: 2, name: 'Automotive' })).toBeInViewport();
});

test('/temp-download offers the reset e-mail the server really sends, as an HTML file', async ({ page }) => {
  await page.goto('/temp-download');
  await expect(page.getByTestId('mail-subject')).toHaveText('Reset your password');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: infoText.tempDownload.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(infoText.tempDownload.fileName);
  const file = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  const served = await (await page.request.get('/api/mail-templates/password-reset')).text();
  expect(file).toBe(served);
  expect(file).toContain('<!doctype html>');
  expect(file).toContain('/reset-password?token=');
});

test('each route change records a page view, path only', async ({ page }) => {
  const send = await adminSession(page.request);
  expect(send).toBeTruthy();
  const views = async (path: string) => {
    const report = (await (await page.request.get('/api/admin/reports')).json()) as {
      topPaths: { path: string; views: number }[];
    };
    return { count: report.topPaths.find((p) => p.path === path)?.views ?? 0, paths: report.topPaths };
  };
  const before = (await views('/use-cases')).count;
  await page.goto('/?from=e2e');
  await page
    .getByRole('banner')
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Use Cases' })
    .click();
  await expect(page).toHaveURL(/\/use-cases$/);
  await expect
    .poll(async () => (await views('/use-cases')).count, { timeout: 10_000 })
    .toBeGreaterThan(before);
  const { paths } = await views('/');
  expect(paths.some((p) => p.path.includes('?'))).toBe(false);
});
