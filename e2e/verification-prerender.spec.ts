import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signatureMessages as m } from '../src/shared/signatures/messages.ts';
import type { OwnSignature } from '../src/shared/signatures/schemas.ts';
import { verifyText as t } from '../src/web/features/verification/messages.ts';
import { E2E_ADMIN, E2E_CAPTCHA, expectNoAxeViolations, holdEntryScript } from './support.ts';

/*
 * Decision 036: the verification page arrives with its first render in the HTML, paints before
 * its script runs, and the app's first render replaces that markup with the same one. Decision
 * 053: what a visitor does in that markup before any of the build's code runs is kept.
 */

/** A blank 1x1 PNG: an image without a QR code. */
const BLANK_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const referenceField = (page: Page) => page.getByLabel(t.referenceLabel, { exact: true });

/**
 * Remembers the server's field, and records #root's markup (see `rootMarkup`) the moment the app's
 * first render replaced it: a mutation observer's callback runs right after React's commit, before
 * any later task. Read later, the markup may hold what mounts after the first paint by design (the
 * toaster's live region, loaded once the browser is idle), which a busy machine runs first.
 */
async function markServerMarkup(page: Page) {
  await page.evaluate(() => {
    const root = document.getElementById('root')!;
    const w = window as { serverField?: Element | null; firstAppMarkup?: string; rootMarkup?: () => string };
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
    const markup = () => [...root.childNodes].map(write).join('');
    w.rootMarkup = markup;
    w.serverField = root.querySelector('input');
    const observer = new MutationObserver(() => {
      const field = root.querySelector('input');
      if (field === null || field === w.serverField) return;
      w.firstAppMarkup = markup();
      observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
  });
}

/** Waits until the app's first render has replaced the server's markup; that render's markup. */
const appTookOver = async (page: Page) => {
  const markup = await page.waitForFunction(() => (window as { firstAppMarkup?: string }).firstAppMarkup);
  return (await markup.jsonValue()) as string;
};

/**
 * #root's elements, attributes (sorted) and text, without what differs by nature between the two
 * renders: useId values, React's comments, the order React sets attributes in.
 */
const rootMarkup = (page: Page) =>
  page.evaluate(() => (window as unknown as { rootMarkup: () => string }).rootMarkup());

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
  const release = await holdEntryScript(page);
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
  const release = await holdEntryScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: m.verifyTitle })).toBeVisible();
  await markServerMarkup(page);
  const served = await rootMarkup(page);
  await styled(page);
  const before = await boxes(page);
  // Shifts from here on: the takeover's. Each is listed with what moved, to say what to fix.
  await page.evaluate(() => {
    const w = window as { shifts?: string[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; sources?: { node?: Node }[] };
        const nodes = (shift.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80));
        w.shifts!.push(`${entry.startTime.toFixed(0)} ${shift.value} ${nodes.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift' });
  });
  release();
  expect(await appTookOver(page)).toBe(served);
  expect(await boxes(page)).toEqual(before);
  expect(await page.evaluate(() => (window as { shifts?: string[] }).shifts)).toEqual([]);
  await expect(page).toHaveTitle(new RegExp(m.verifyTitle));
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('a reference typed before the script ran is kept, focused, and looks up', async ({ page, request }) => {
  const signature = (await (
    await request.post('/api/signatures', {
      headers: { 'x-csrf-token': (await request.get('/api/csrf')).headers()['x-csrf-token']! },
      data: {
        signatureData: `data:image/png;base64,${BLANK_PNG}`,
        consent: true,
        signerName: 'Early Typist',
      },
    })
  ).json()) as OwnSignature;
  const release = await holdEntryScript(page);
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
  const release = await holdEntryScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await markServerMarkup(page);
  const png = Buffer.from(BLANK_PNG, 'base64');
  await page.getByLabel(t.dropLabel).setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: png });
  release();
  await appTookOver(page);
  await expect(page.getByText(t.nothingFound)).toBeVisible();
});

test('a file dialog opened before the app took over still hands its choice to the app', async ({ page }) => {
  const release = await holdEntryScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await markServerMarkup(page);
  // The server's field, as a visitor's file dialog holds it while the app replaces the page.
  const serverField = await page.getByLabel(t.dropLabel).elementHandle();
  release();
  await appTookOver(page);
  expect(await serverField!.evaluate((el) => el.isConnected)).toBe(false);
  const png = Buffer.from(BLANK_PNG, 'base64');
  await serverField!.setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText(t.nothingFound)).toBeVisible();
});

test("an image dropped on the server's drop zone before the app's entry script ran is checked once the app takes over, not opened by the browser", async ({
  page,
}) => {
  const release = await holdEntryScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await markServerMarkup(page);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  const field = await page.getByLabel(t.dropLabel).elementHandle();
  const kept = await field!.evaluate((input, png) => {
    const data = new DataTransfer();
    data.items.add(
      new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], 'blank.png', { type: 'image/png' }),
    );
    const zone = input.closest('label')!;
    const over = new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data });
    const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data });
    zone.dispatchEvent(over);
    zone.dispatchEvent(drop);
    // a drop not prevented is the browser's to handle: it opens the file in place of the page
    return over.defaultPrevented && drop.defaultPrevented;
  }, BLANK_PNG);
  expect(kept).toBe(true);
  release();
  await appTookOver(page);
  await expect(page.getByText(t.nothingFound)).toBeVisible();
});

test("on a phone, the menu tapped before the app's entry script ran opens once it has", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdEntryScript(page);
  await page.goto('/verify-signature', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  release();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Main mobile' })).toBeVisible();
});

test('the form sent before the script ran looks the reference up', async ({ page }) => {
  const release = await holdEntryScript(page);
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
    const release = await holdEntryScript(page);
    await page.goto('/verify-signature', { waitUntil: 'commit' });
    await expect(page.getByRole('banner').getByText(name, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} ${name}.`, { exact: false }),
    ).toBeVisible();
    await markServerMarkup(page);
    const served = await rootMarkup(page);
    release();
    expect(await appTookOver(page)).toBe(served);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  } finally {
    await rename(admin, before);
    await admin.dispose();
  }
});
