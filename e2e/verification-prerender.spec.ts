import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { signatureMessages as m } from '../src/shared/signatures/messages.ts';
import type { OwnSignature } from '../src/shared/signatures/schemas.ts';
import { verifyText as t } from '../src/web/features/verification/messages.ts';
import { E2E_ADMIN, E2E_CAPTCHA, expectNoAxeViolations } from './support.ts';

/**
 * Decision 039: the verification page arrives with its first render in the HTML, paints before
 * its script runs, and the app's first render replaces that markup with the same one.
 */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;
const referenceField = (page: Page) => page.getByLabel(t.referenceLabel, { exact: true });

/**
 * Holds the app's entry script until `release()`: the page shows only what the server sent. (A
 * module script delays DOMContentLoaded and load: navigations wait for the response only.)
 */
async function holdScript(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Waits until the app's first render has replaced the server's markup. */
async function markServerMarkup(page: Page) {
  await page.evaluate(() => {
    (window as { serverField?: Element | null }).serverField = document.querySelector('#root input');
  });
}
const appTookOver = (page: Page) =>
  page.waitForFunction(() => {
    const field = document.querySelector('#root input');
    return field !== null && field !== (window as { serverField?: Element | null }).serverField;
  });

/**
 * #root's elements, attributes (sorted) and text, without what differs by nature between the two
 * renders: useId values, React's comments, the order React sets attributes in.
 */
const rootMarkup = (page: Page) =>
  page.evaluate(() => {
    const write = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      const el = node as Element;
      const attrs = [...el.attributes]
        .map((a) => `${a.name}="${a.value.replace(/_[rR]_\w+_/g, 'ID')}"`)
        .sort()
        .join(' ');
      return `<${el.localName} ${attrs}>${[...el.childNodes].map(write).join('')}</${el.localName}>`;
    };
    return [...document.getElementById('root')!.childNodes].map(write).join('');
  });

/**
 * Waits until the page looks as a visitor first sees it: its style sheets applied and the fonts
 * its layout asks for loaded. Seen to be visible is not enough: a script's layout does not wait
 * for a style sheet, and on a busy machine the boxes were once measured unstyled.
 */
async function styled(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].every((link) => link.sheet),
  );
  await page.evaluate(async () => {
    document.body.getBoundingClientRect(); // a layout, so the fonts it needs are asked for
    await document.fonts.ready;
  });
}

/** Layout boxes of the parts a visitor sees first. */
const boxes = (page: Page) =>
  page.evaluate(() =>
    ['header', 'h1', '#root input[name=reference]', 'button[type=submit]', 'aside', 'footer'].map(
      (selector) => {
        const r = document.querySelector(selector)!.getBoundingClientRect();
        return { selector, x: r.x, y: r.y, width: r.width, height: r.height };
      },
    ),
  );

async function rename(request: APIRequestContext, siteName: string) {
  await request.get('/api/captcha?purpose=login');
  let token = (await request.get('/api/csrf')).headers()['x-csrf-token']!;
  const login = await request.post('/api/login', {
    headers: { 'x-csrf-token': token },
    data: { ...E2E_ADMIN, captcha: E2E_CAPTCHA },
  });
  expect(login.status()).toBe(200);
  token = login.headers()['x-csrf-token'] ?? token;
  const current = await (await request.get('/api/admin/settings')).json();
  const res = await request.put('/api/admin/settings', {
    headers: { 'x-csrf-token': token },
    data: { ...current, analyticsScriptUrl: current.analyticsScriptUrl ?? '', siteName },
  });
  expect(res.status()).toBe(200);
}

test('before its script runs the page shows its heading, form and landmarks, axe clean', async ({ page }) => {
  const release = await holdScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: m.verifyTitle })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText(m.noSignatureId)).toBeVisible();
  await expect(referenceField(page)).toBeVisible();
  await expect(page.getByRole('banner').getByText('Inkproof', { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
  // nothing of the app has run: the field is the server's
  expect(await page.evaluate(() => document.querySelector('#root input')!.id)).toMatch(/^_R_/);
  await expectNoAxeViolations(page);
  release();
});

test('the app takes over with the same markup: nothing moves, no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: m.verifyTitle })).toBeVisible();
  await markServerMarkup(page);
  const served = await rootMarkup(page);
  await styled(page);
  const before = await boxes(page);
  await page.evaluate(() => {
    const w = window as { shifts?: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts! += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  release();
  await appTookOver(page);
  expect(await rootMarkup(page)).toBe(served);
  expect(await boxes(page)).toEqual(before);
  expect(await page.evaluate(() => (window as { shifts?: number }).shifts)).toBe(0);
  await expect(page).toHaveTitle(new RegExp(m.verifyTitle));
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('a reference typed before the script ran is kept, focused, and looks up', async ({ page, request }) => {
  const signature = (await (
    await request.post('/api/signatures', {
      headers: { 'x-csrf-token': (await request.get('/api/csrf')).headers()['x-csrf-token']! },
      data: {
        signatureData:
          'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        consent: true,
        signerName: 'Early Typist',
      },
    })
  ).json()) as OwnSignature;
  const release = await holdScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await markServerMarkup(page);
  await referenceField(page).fill(signature.referenceNumber);
  release();
  await appTookOver(page);
  await expect(referenceField(page)).toHaveValue(signature.referenceNumber);
  await expect(referenceField(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: t.resultTitle })).toBeVisible();
  await expect(page.getByText('Early Typist')).toBeVisible();
});

test('an image chosen before the script ran is checked once it runs', async ({ page }) => {
  const release = await holdScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await markServerMarkup(page);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.getByLabel(t.dropLabel).setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: png });
  release();
  await appTookOver(page);
  await expect(page.getByText(t.nothingFound)).toBeVisible();
});

test('a file dialog opened before the app took over still hands its choice to the app', async ({ page }) => {
  const release = await holdScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await markServerMarkup(page);
  // The server's field, as a visitor's file dialog holds it while the app replaces the page.
  const serverField = await page.getByLabel(t.dropLabel).elementHandle();
  release();
  await appTookOver(page);
  expect(await serverField!.evaluate((el) => el.isConnected)).toBe(false);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await serverField!.setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText(t.nothingFound)).toBeVisible();
});

test('the form sent before the script ran looks the reference up', async ({ page }) => {
  const release = await holdScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await referenceField(page).fill('SIG-20990101-NOPE');
  const sent = page.waitForURL(/[?&]reference=SIG-20990101-NOPE/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: t.submit }).click({ noWaitAfter: true });
  await sent;
  release();
  await expect(page.getByRole('heading', { name: t.failedTitle })).toBeVisible();
  await expect(page.getByText(m.notFound)).toBeVisible();
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
});

test('a QR link (?ref=) is served without "No signature ID found" and verifies', async ({
  page,
  request,
}) => {
  const res = await request.get('/verify-signature?ref=SIG-20990101-ZZZZZZ');
  expect(await res.text()).not.toContain(m.noSignatureId);
  await page.goto('/verify-signature?ref=SIG-20990101-ZZZZZZ');
  await expect(page.getByRole('heading', { name: t.failedTitle })).toBeVisible();
  await expect(page.getByText(m.notFound)).toBeVisible();
  await expect(page.getByText(m.noSignatureId)).toHaveCount(0);
});

test("the admin's site name is in the served markup as text, escaped", async ({ page, playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const before = (await (await admin.get('/api/site-settings')).json()).siteName as string;
  const name = 'Acme <img src=x onerror="window.pwned=1"> & Co';
  try {
    await rename(admin, name);
    const release = await holdScript(page);
    await page.goto('/verify-signature', { waitUntil: 'commit' });
    await expect(page.getByRole('banner').getByText(name, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} ${name}.`, { exact: false }),
    ).toBeVisible();
    await markServerMarkup(page);
    const served = await rootMarkup(page);
    release();
    await appTookOver(page);
    expect(await rootMarkup(page)).toBe(served);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  } finally {
    await rename(admin, before);
    await admin.dispose();
  }
});
