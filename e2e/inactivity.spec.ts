import { expect, request, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { accountMessages as m } from '../src/shared/accounts/messages.ts';
import { simplePdf } from '../src/server/test/pdfs.ts';
import { signingText } from '../src/web/features/documents/signing-messages.ts';
import { settingsText } from '../src/web/features/settings/messages.ts';
import { sessionText as t } from '../src/web/lib/session/messages.ts';
import { signText } from '../src/web/features/sign/messages.ts';
import {
  E2E_ADMIN,
  E2E_CAPTCHA,
  fillSecurityCode,
  expectNoAxeViolations,
  linkIn,
  mailTo,
  signUpViaApi,
  uniqueEmail,
} from './support.ts';

const SHOTS = '/tmp/inkproof-shots';
const PASSWORD = 'Str0ng!Pass';
const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><path d="M20 150 C 80 20, 160 20, 200 120 S 320 180, 380 40" stroke="black" stroke-width="8" fill="none"/></svg>';

/** The admin lowers (or restores) the inactivity timeout through the security settings API. */
async function setIdleMinutes(minutes: number) {
  const admin = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const captcha = await admin.get('/api/captcha?purpose=login');
    const login = await admin.post('/api/login', {
      headers: { 'x-csrf-token': captcha.headers()['x-csrf-token']! },
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, captcha: E2E_CAPTCHA },
    });
    expect(login.ok()).toBe(true);
    const current = (await (await admin.get('/api/admin/security-settings')).json()) as Record<
      string,
      unknown
    >;
    const saved = await admin.put('/api/admin/security-settings', {
      headers: { 'x-csrf-token': login.headers()['x-csrf-token']! },
      data: { ...current, sessionIdleMinutes: minutes },
    });
    expect(saved.ok()).toBe(true);
  } finally {
    await admin.dispose();
  }
}

// The server's timeout is the whole suite's: lowered for this file only, restored after it.
test.beforeAll(() => setIdleMinutes(5));
test.afterAll(() => setIdleMinutes(15));

/** A user with one pending document and one saved (private) signature, signed out again. */
async function userWithDocument(page: Page) {
  const email = uniqueEmail('idle');
  await page.goto('/');
  let token = (await signUpViaApi(page.request, { email, password: PASSWORD })).csrf;
  const post = async (url: string, options: Parameters<Page['request']['post']>[1]) => {
    const res = await page.request.post(url, { ...options, headers: { 'x-csrf-token': token } });
    token = res.headers()['x-csrf-token'] ?? token;
    expect(res.ok()).toBe(true);
    return res.json();
  };
  const doc = await post('/api/documents/upload', {
    multipart: {
      name: 'Lease',
      file: { name: 'lease.pdf', mimeType: 'application/pdf', buffer: await simplePdf(2) },
    },
  });
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  await post('/api/signatures', {
    data: { signatureData: `data:image/png;base64,${png.toString('base64')}` },
  });
  await page.request.post('/api/logout', { headers: { 'x-csrf-token': token } });
  return { email, docId: doc.id as number };
}

async function logIn(page: Page, email: string) {
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await fillSecurityCode(form);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test('a minute before the lowered timeout a warning counts down; staying keeps the session, and an idle end keeps the placed signatures for after signing in again', async ({
  page,
}) => {
  const { email, docId } = await userWithDocument(page);
  await page.clock.install({ time: new Date('2026-01-01T10:00:00Z') });
  await page.goto(`/sign-document/${docId}`);
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsign-document%2F/);
  await logIn(page, email);
  await expect(page).toHaveURL(`/sign-document/${docId}`);
  // The page counts what the server enforces: 5 minutes, said so after login.
  await expect(page.getByText(t.inactivityNotice(5))).toBeVisible();

  await page.getByTestId('saved-signature').click();
  await expect(page.getByTestId('placed-signature')).toHaveCount(1);
  await expect(page.getByText(signingText.placedSummary(1, 'page 1'))).toBeVisible();

  // 4 minutes without activity: one minute left.
  await page.clock.fastForward('04:01');
  const warning = page.getByRole('alertdialog', { name: t.warningTitle });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(t.warningText(5));
  await expect(page.getByTestId('inactivity-countdown')).toContainText(/0:5\d/);
  await expect(warning.getByRole('button', { name: t.stay })).toBeFocused();
  await page.clock.fastForward('00:10');
  await expect(page.getByTestId('inactivity-countdown')).toContainText(/0:4\d/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/inactivity-warning-1280.png` });
  // A brushed mouse is not an answer: the warning stays until the user says so.
  await page.mouse.move(200, 200);
  await page.mouse.move(300, 260);
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: t.stay }).click();
  await expect(warning).toHaveCount(0);
  expect((await page.request.get('/api/user')).status()).toBe(200);

  // Counted again from "Stay signed in": the warning returns after 4 more idle minutes.
  await page.clock.fastForward('03:30');
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward('00:40');
  await expect(warning).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/inactivity-warning-390.png` });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Nobody answers: signed out on both sides, taken to sign in, and told why.
  await page.clock.fastForward('01:05');
  await expect(page).toHaveURL(
    new RegExp(`/auth\\?redirect=${encodeURIComponent(`/sign-document/${docId}`)}$`),
  );
  await expect(page.getByText(m.inactivityText, { exact: true })).toBeVisible();
  await expect(page.getByText(m.notSignedIn)).toHaveCount(0);
  expect((await page.request.get('/api/user')).status()).toBe(401);

  // Signing in again leads back, with the signature where it was placed.
  await logIn(page, email);
  await expect(page).toHaveURL(`/sign-document/${docId}`);
  await expect(page.getByTestId('placed-signature')).toHaveCount(1);
  await expect(page.getByText(signingText.placedSummary(1, 'page 1'))).toBeVisible();
});

test('a request the server refuses because the session ended leads to sign-in with the inactivity toast, and the typed form comes back', async ({
  page,
  baseURL,
}) => {
  const { email } = await userWithDocument(page);
  await page.goto('/auth?redirect=%2Fsettings');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/settings$/);
  const name = page.getByLabel(settingsText.nameLabel, { exact: true });
  await name.fill('Typed Before Expiry');

  // The server ends the session (as its idle timer does) while the page still holds the cookie.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'inkproof_session')!;
  const other = await request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `${cookie.name}=${cookie.value}` },
  });
  const csrf = (await other.get('/api/csrf')).headers()['x-csrf-token']!;
  expect((await other.post('/api/logout', { headers: { 'x-csrf-token': csrf } })).status()).toBe(204);
  await other.dispose();

  await page.getByRole('button', { name: settingsText.updateProfile }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsettings$/);
  await expect(page.getByText(m.inactivityText, { exact: true })).toBeVisible();
  await expect(page.getByText(m.notSignedIn)).toHaveCount(0);

  await logIn(page, email);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel(settingsText.nameLabel, { exact: true })).toHaveValue('Typed Before Expiry');
});

test("a session that ends on a recipient's signing link leaves them there: the link needs no session", async ({
  page,
  browser,
}) => {
  // The recipient has an account of their own and is signed in when the link is opened.
  const recipient = uniqueEmail('recipient');
  await page.goto('/');
  await signUpViaApi(page.request, { email: recipient, password: PASSWORD });

  const owner = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const ownerPage = await owner.newPage();
  await ownerPage.goto('/');
  const { csrf } = await signUpViaApi(ownerPage.request, { email: uniqueEmail('owner') });
  const doc = await ownerPage.request.post('/api/documents/upload', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      name: 'Lease',
      file: { name: 'lease.pdf', mimeType: 'application/pdf', buffer: await simplePdf(2) },
    },
  });
  const sent = await ownerPage.request.post(`/api/documents/${(await doc.json()).id}/requests`, {
    headers: { 'x-csrf-token': csrf },
    data: {
      recipients: [{ name: 'Rita Recipient', email: recipient, role: 'signer' }],
      order: 'sequential',
      requireCode: false,
      fields: [
        {
          recipient: 0,
          type: 'signature',
          page: 1,
          rect: { x: 72, y: 600, width: 180, height: 80 },
          required: true,
        },
      ],
    },
  });
  expect(sent.status()).toBe(201);
  await owner.close();

  const link = linkIn(await mailTo(recipient, 2), '/sign/');
  await page.clock.install({ time: new Date('2026-01-01T10:00:00Z') });
  await page.goto(link);
  const next = page.getByRole('button', { name: signText.nextField });
  await expect(next).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(200);

  await page.clock.fastForward('05:05');
  await expect(page.getByText(m.inactivityText, { exact: true })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await expect(page).toHaveURL(link);
  await expect(next).toBeVisible();
  await expect(page.getByText(m.notSignedIn)).toHaveCount(0);
});
