import fs from 'node:fs';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { DocumentSummary } from '../src/shared/documents/schemas.ts';
import { signatureMessages as m } from '../src/shared/signatures/messages.ts';
import { stampLayout } from '../src/shared/documents/stamp-layout.ts';
import { simplePdf } from '../src/server/test/pdfs.ts';
import AxeBuilder from '@axe-core/playwright';
import { authText } from '../src/web/features/auth/messages.ts';
import { E2E_ADMIN, E2E_CAPTCHA } from './global-setup.ts';

export { E2E_CAPTCHA };
export { E2E_ADMIN } from './global-setup.ts';

interface Mail {
  to: string[];
  text: string;
}

/** Waits for the n-th mail to an address, caught by the SMTP server of the global setup. */
export async function mailTo(address: string, n = 1): Promise<Mail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${process.env.E2E_MAIL_API}/?to=${encodeURIComponent(address)}`);
    const mails = (await res.json()) as Mail[];
    if (mails.length >= n) return mails[n - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail #${n} to ${address}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function linkIn(mail: Mail, pathPrefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix}[^\\s"<>]*`));
  if (!match) throw new Error(`no ${pathPrefix} link in mail`);
  return match[0].replace(/&amp;/g, '&');
}

/**
 * Waits for the page's finite CSS transitions and animations to end (2 s at most; a spinner's
 * endless one is left running). axe reads computed colours: half-way through a button's 150 ms
 * `transition-colors` from disabled to enabled it measured a blend of the two and reported a
 * contrast nobody sees at rest (the signing dialog's "Use this" was one).
 */
async function settleTransitions(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * axe on the whole page, or only on `include`: a modal hides the page behind it on purpose (Radix
 * sets aria-hidden on the rest, which page-wide rules report), so a dialog is checked on its own.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  if (!include) {
    // A page of the app renders after its script and its lazy chunk: right after a navigation axe
    // would check the empty shell and report its missing landmarks. Every page has a main landmark
    // and an h1 once rendered; wait for them (if they never come, axe says so below).
    await page
      .waitForFunction(() => document.querySelector('main') && document.querySelector('h1'), null, {
        timeout: 10_000,
      })
      .catch(() => undefined);
  }
  await settleTransitions(page);
  const axe = new AxeBuilder({ page });
  if (include) axe.include(include);
  const results = await axe.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

export const uniqueEmail = (prefix = 'e2e') =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Types a code into a form's security code field once the form's challenge has arrived, as a
 * person answers the image they see. Typed sooner, the code would be sent before GET /api/captcha
 * answered, when the server holds no challenge for the session yet and refuses the code (under load
 * a log-in failed so, CI of 2026-11-25). The Refresh button is disabled while the challenge loads.
 */
export async function fillSecurityCode(form: Locator, code = E2E_CAPTCHA) {
  await expect(form.getByRole('button', { name: authText.captchaRefresh })).toBeEnabled();
  await form.getByLabel(authText.captchaLabel, { exact: true }).fill(code);
}

/** Fills the open Login tab with the e2e admin's credentials and waits until signed in. */
export async function submitAdminLogin(page: Page) {
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await fillSecurityCode(form);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(accountMenuButton(page)).toBeVisible();
}

/** The signed-in user's menu button in the site header (whichever one this width shows). */
export const accountMenuButton = (page: Page) =>
  page.getByRole('button', { name: /^Account menu for / }).locator('visible=true');

/** Signs out as a person does: the account menu, then Sign out. */
export async function signOut(page: Page) {
  await accountMenuButton(page).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).locator('visible=true').click();
  await expect(accountMenuButton(page)).toHaveCount(0);
}

/** Signs the e2e admin in through /auth, as a person would. */
export async function logInAsAdmin(page: Page) {
  await page.goto('/auth');
  await submitAdminLogin(page);
  await expect(page).not.toHaveURL(/\/auth/);
}

/**
 * Signs a new user up through the API the way a person does since sign-up is e-mail first
 * (decision 018): register, open the mailed confirmation link, log in. The request context (a
 * page's own cookie jar when given `page.request`) is then signed in; returns the address and the
 * CSRF token of the new session.
 */
export async function signUpViaApi(
  request: APIRequestContext,
  opts: { email?: string; username?: string; password?: string } = {},
) {
  const email = opts.email ?? uniqueEmail('user');
  const password = opts.password ?? 'Str0ng!Pass';
  const register = await request.get('/api/captcha?purpose=register');
  const reg = await request.post('/api/register', {
    headers: { 'x-csrf-token': register.headers()['x-csrf-token']! },
    data: {
      ...(opts.username ? { username: opts.username } : {}),
      email,
      password,
      agreeToTerms: true,
      securityQuestion: E2E_CAPTCHA,
    },
  });
  expect(reg.status()).toBe(202);
  const link = new URL(linkIn(await mailTo(email), '/auth'));
  expect((await request.get(`/api/verify-email${link.search}`)).status()).toBe(200);
  const login = await request.get('/api/captcha?purpose=login');
  const res = await request.post('/api/login', {
    headers: { 'x-csrf-token': login.headers()['x-csrf-token']! },
    data: { email, password, captcha: E2E_CAPTCHA, signUpToken: link.searchParams.get('token') },
  });
  expect(res.status()).toBe(200);
  return { email, csrf: res.headers()['x-csrf-token']! };
}

/** Signs a new owner up on the page's cookie jar and uploads a one-page PDF; returns its id and the CSRF token. */
export async function ownerWithPdf(page: Page, name = 'Tenancy agreement') {
  await page.goto('/');
  const { csrf } = await signUpViaApi(page.request, { email: uniqueEmail('owner') });
  const up = await page.request.post('/api/documents/upload', {
    headers: { 'x-csrf-token': csrf },
    multipart: { name, file: { name: 'file.pdf', mimeType: 'application/pdf', buffer: await simplePdf(1) } },
  });
  expect(up.status()).toBe(201);
  return { id: ((await up.json()) as DocumentSummary).id, csrf };
}

/** Two strokes on the signature pad (the creator's or the signing panel's), drawn with the mouse. */
export async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.15, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) await page.mouse.move(...at(0.15 + i * 0.028, 0.6 - Math.sin(i / 3) * 0.25));
  await page.mouse.up();
  await page.mouse.move(...at(0.3, 0.75));
  await page.mouse.down();
  await page.mouse.move(...at(0.6, 0.72), { steps: 8 });
  await page.mouse.up();
}

/**
 * A signature box shows where its stamp is printed: the QR square and the caption inside the box,
 * where the server's layout puts them for a box of `size` points.
 */
export async function expectStampFootprint(box: Locator, size: { width: number; height: number }) {
  const qr = box.getByTestId('stamp-footprint-qr');
  await expect(qr).toBeVisible();
  await expect(box.getByTestId('stamp-footprint-caption')).toBeVisible();
  const outer = (await box.boundingBox())!;
  const shown = (await qr.boundingBox())!;
  const k = outer.width / size.width;
  const want = stampLayout({ x: 0, y: 0, width: size.width, height: size.height }).qr;
  for (const [got, expected] of [
    [shown.x - outer.x, want.x * k],
    [shown.y - outer.y, want.y * k],
    [shown.width, want.width * k],
    [shown.height, want.height * k],
  ])
    expect(Math.abs(got! - expected!)).toBeLessThan(1.5);
}

/** The text of the QR code in an image file (jsQR over its pixels). */
export async function decodeQr(bytes: Buffer) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** Saves a signature in the creator, as a visitor does, and downloads its PNG with QR code. */
export async function savedSignaturePng(page: Page) {
  await page.goto('/create');
  await drawSignature(page);
  await page.getByLabel("Signer's Name").fill('Ada Lovelace');
  await page.getByRole('tab', { name: m.tabPreview }).click();
  await page.getByRole('checkbox', { name: m.consentText }).check();
  await page.getByRole('button', { name: m.quickSave }).click();
  // the first save on a cold server starts the image worker: slow on a loaded machine
  await expect(page.getByTestId('saved-reference')).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      await page.getByRole('menuitem', { name: 'PNG image' }).click();
    })(),
  ]);
  const png = fs.readFileSync((await file.path())!);
  const link = (await decodeQr(png))!;
  expect(link).toMatch(/#[A-Z2-7]{100,}$/);
  return { png, link, reference: (await page.getByTestId('saved-reference').textContent())!.trim() };
}

/**
 * Holds the app's entry script until `release()`: none of the build's code runs, and the page shows
 * only what the server sent (decision 036), as on a slow phone while the entry downloads. A module
 * script delays DOMContentLoaded and load: navigate with `waitUntil: 'commit'` meanwhile.
 */
export async function holdEntryScript(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export interface ConsoleGuard {
  /** Watches a context's pages too (a recipient's browser): the test's own context is watched already. */
  watch: (context: BrowserContext) => void;
  /**
   * A refusal the test provokes on purpose (a wrong code, a dead link): the browser logs every 4xx
   * answer to a request as an error, so this status on a path matching `path` is not one.
   */
  allow: (status: number, path: RegExp) => void;
}

/** A failed request as the browser logs it: its status and path, else null. */
function failedRequest(msg: ConsoleMessage) {
  const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(msg.text());
  return status ? { status: Number(status[1]), path: new URL(msg.location().url).pathname } : null;
}

/**
 * A test that fails when any page it watches logged an error to the console or threw: React
 * reports a render it had to retry (a recovered error) only there, and the page looks fine. Allowed
 * always: GET /api/user answering 401 to a visitor with a session but no account (401
 * means nobody is signed in), as a recipient who signed without an account is.
 */
export const guardedTest = base.extend<{ consoleErrors: ConsoleGuard }>({
  consoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const allowed = [{ status: 401, path: /^\/api\/user$/ }];
      const watchPage = (page: Page) => {
        page.on('console', (msg) => {
          if (msg.type() !== 'error') return;
          const failed = failedRequest(msg);
          if (failed && allowed.some((a) => a.status === failed.status && a.path.test(failed.path))) return;
          errors.push(`${page.url()}: ${msg.text()} (${msg.location().url})`);
        });
        page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.stack ?? error.message}`));
      };
      const watch = (watched: BrowserContext) => {
        watched.pages().forEach(watchPage);
        watched.on('page', watchPage);
      };
      watch(context);
      await use({ watch, allow: (status, path) => void allowed.push({ status, path }) });
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
