import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { signatureMessages as m } from '../src/shared/signatures/messages.ts';
import type { OwnSignature } from '../src/shared/signatures/schemas.ts';
import { verifyText as t } from '../src/web/features/verification/messages.ts';
import {
  E2E_ADMIN,
  E2E_CAPTCHA,
  expectNoAxeViolations,
  holdEntryScript,
  signUpViaApi,
  uniqueEmail,
} from './support.ts';

const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="250"><path d="M40 170 C 120 40, 200 40, 260 150 S 420 200, 560 80" stroke="black" stroke-width="5" fill="none"/></svg>';
const signaturePng = () => sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();

/** A session of its own (cookies + CSRF token), as a second browser would have. */
async function apiSession(request: APIRequestContext) {
  let token = (await request.get('/api/csrf')).headers()['x-csrf-token']!;
  const send = async (method: 'post' | 'put' | 'patch', url: string, data?: unknown) => {
    const res = await request[method](url, { headers: { 'x-csrf-token': token }, data });
    token = res.headers()['x-csrf-token'] ?? token;
    return res;
  };
  return { send };
}

async function quickSave(request: APIRequestContext, fields: Record<string, unknown>): Promise<OwnSignature> {
  const { send } = await apiSession(request);
  const png = await signaturePng();
  const res = await send('post', '/api/signatures', {
    signatureData: `data:image/png;base64,${png.toString('base64')}`,
    consent: true,
    ...fields,
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as OwnSignature;
}

const verifyUrl = (ref: string, extra = '') =>
  `${process.env.E2E_BASE_URL}/verify-signature?id=${Date.now()}&ref=${ref}${extra}`;

/** A "signature with QR" image: the signature and, to its right, the QR code of its verification URL. */
async function signatureWithQr(text: string) {
  const qr = await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 0, width: 130 });
  return sharp({ create: { width: 780, height: 270, channels: 3, background: '#ffffff' } })
    .composite([
      { input: await signaturePng(), left: 10, top: 10 },
      { input: qr, left: 640, top: 70 },
    ])
    .png()
    .toBuffer();
}

const resultHeading = (page: Page) => page.getByRole('heading', { name: t.resultTitle });
const referenceField = (page: Page) => page.getByLabel(t.referenceLabel, { exact: true });

const limits = (captcha: number, block: number) => ({
  sessionIdleMinutes: 15,
  sessionLifetimeHours: 168,
  loginWindowMinutes: 15,
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 20,
  lookupWindowMinutes: 15,
  lookupsBeforeCaptcha: captcha,
  lookupsBeforeBlock: block,
});

/** Signs in as the admin and sets the look-up limits (part of the security settings). */
async function setLimits(request: APIRequestContext, captcha: number, block: number) {
  await request.get('/api/captcha?purpose=login');
  const { send } = await apiSession(request);
  const login = await send('post', '/api/login', { ...E2E_ADMIN, captcha: E2E_CAPTCHA });
  expect(login.status()).toBe(200);
  const res = await send('put', '/api/admin/security-settings', limits(captcha, block));
  expect(res.status()).toBe(200);
}

// Every file of the run looks up from the same IP; these tests must not meet the CAPTCHA by chance.
const RELAXED = [1000, 2000] as const;
const DEFAULTS = [30, 100] as const;

let anonymous: OwnSignature;
let unsafeName: OwnSignature;

test.beforeAll(async ({ playwright }) => {
  const admin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await setLimits(admin, ...RELAXED);
  await admin.dispose();
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  anonymous = await quickSave(request, { signerName: 'Vera Verifier', additionalData: 'Tender 42' });
  unsafeName = await quickSave(request, { signerName: '<img src=x onerror="window.pwned=1">Eve' });
  await request.dispose();
});

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await setLimits(request, ...DEFAULTS);
  await request.dispose();
});

test('a reference typed into the form verifies with name, reference and a marked copy', async ({ page }) => {
  await page.goto('/verify-signature');
  await expect(page.getByRole('heading', { level: 1, name: m.verifyTitle })).toBeVisible();
  await expect(page.getByText(m.verifySubtitle)).toBeVisible();
  await expect(page.getByText(m.noSignatureId)).toBeVisible();
  await expectNoAxeViolations(page);

  await referenceField(page).fill(anonymous.referenceNumber.toLowerCase());
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByText(m.foundTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(m.foundText, { exact: true })).toBeVisible();
  const result = page.getByRole('region', { name: t.resultTitle });
  await expect(result).toBeVisible();
  await expect(result.getByText('Vera Verifier')).toBeVisible();
  await expect(result.getByText(anonymous.referenceNumber)).toBeVisible();
  await expect(result.getByText('Tender 42')).toBeVisible();
  await expect(result.getByText(m.expiresOn)).toBeVisible();
  await expect(result.getByText(m.verificationCopy)).toBeVisible();
  const copy = page.getByRole('img', { name: t.imageAlt('Vera Verifier') });
  await expect(copy).toHaveJSProperty('complete', true);
  expect(await copy.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page).toHaveURL(new RegExp(`ref=${anonymous.referenceNumber}`));
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: m.verifyAnother }).click();
  await expect(resultHeading(page)).toHaveCount(0);
  await expect(referenceField(page)).toHaveValue('');
  await expect(referenceField(page)).toBeFocused();
  await expect(page).toHaveURL(/\/verify-signature$/);
});

test('a link with ?ref= verifies at once; a registered signature is permanent', async ({ page }) => {
  await page.goto(`/verify-signature?ref=${anonymous.referenceNumber}`);
  await expect(resultHeading(page)).toBeVisible();
  await expect(page.getByText('Vera Verifier')).toBeVisible();
  await expect(referenceField(page)).toHaveValue(anonymous.referenceNumber);

  // a registered user's signature, looked up by id (older links carry only the id)
  await signUpViaApi(page.request, { email: uniqueEmail('verify') });
  const { send } = await apiSession(page.request);
  const saved = await send('post', '/api/signatures', { signerName: 'Rita Registered', consent: true });
  expect(saved.status()).toBe(201);
  const registered = (await saved.json()) as OwnSignature;
  await page.goto(`/verify-signature?id=${registered.id}`);
  await expect(resultHeading(page)).toBeVisible();
  await expect(page.getByText('Rita Registered')).toBeVisible();
  await expect(page.getByText(m.permanent)).toBeVisible();
  await expect(page.getByText(m.noImage)).toBeVisible();
  await expect(page.getByText(m.metadataValid)).toBeVisible();
});

test('names are shown as text, never as HTML', async ({ page }) => {
  await page.goto(`/verify-signature?ref=${unsafeName.referenceNumber}`);
  await expect(page.getByText('<img src=x onerror="window.pwned=1">Eve')).toBeVisible();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
});

test('unknown and malformed references answer with the spec messages', async ({ page }) => {
  await page.goto('/verify-signature');
  // The page paints before its script runs (decision 036); these messages are the script's.
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByText(m.referenceRequired)).toBeVisible();

  await referenceField(page).fill('SIG-2025-1');
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByText(m.referenceFormat)).toBeVisible();
  await expect(referenceField(page)).toHaveAttribute('aria-invalid', 'true');

  await referenceField(page).fill('SIG-20990101-NOPE');
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByText(m.notFound)).toBeVisible();
  await expect(page.getByRole('heading', { name: t.failedTitle })).toBeVisible();

  await page.goto('/verify-signature?ref=not-a-reference');
  await expect(page.getByText(m.referenceFormat)).toBeVisible();
});

test('after a failed look-up the link data is shown as NOT verified', async ({ page }) => {
  await page.goto(
    '/verify-signature?ref=SIG-20990101-GONE&name=Mallory%20Forger&timestamp=2025-04-14T10:00:00Z&additional=Fake%20deal',
  );
  await expect(page.getByText(m.notFound)).toBeVisible();
  const warning = page.getByRole('region', { name: t.urlDataTitle });
  await expect(warning.getByText(m.unverifiedUrlData)).toBeVisible();
  await expect(warning.getByText('Mallory Forger')).toBeVisible();
  await expect(warning.getByText('Fake deal')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/verify-signature?id=2147483000&name=Mallory%20Forger');
  await expect(page.getByText(m.verifyByIdFailed)).toBeVisible();
  await expect(page.getByRole('region', { name: t.urlDataTitle }).getByText('Mallory Forger')).toBeVisible();

  // the same kind of link, but for a real signature with another name: the records win, with a warning
  await page.goto(`/verify-signature?ref=${anonymous.referenceNumber}&name=Mallory%20Forger`);
  await expect(resultHeading(page)).toBeVisible();
  await expect(page.getByText(m.urlNameMismatch)).toBeVisible();
  await expect(page.getByText('Mallory Forger')).toHaveCount(0);
});

test('check an image: the QR code of a downloaded signature verifies it', async ({ page }) => {
  await page.goto('/verify-signature');
  const file = await signatureWithQr(verifyUrl(anonymous.referenceNumber, '&name=Vera%20Verifier'));
  await page
    .getByLabel(t.dropLabel)
    .setInputFiles({ name: 'signature-with-qr.png', mimeType: 'image/png', buffer: file });
  await expect(page.getByText(t.foundInQr(anonymous.referenceNumber))).toBeVisible();
  await expect(resultHeading(page)).toBeVisible();
  await expect(page.getByText('Vera Verifier')).toBeVisible();
  await expect(referenceField(page)).toHaveValue(anonymous.referenceNumber);
});

test('check an image: metadata of a JPG without QR code, and a foreign QR code is not followed', async ({
  page,
}) => {
  await page.goto('/verify-signature');
  const url = verifyUrl(anonymous.referenceNumber).replace(/&/g, '&amp;');
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:inkproof="https://inkproof.org/ns/signature/1.0/" inkproof:Reference="${anonymous.referenceNumber}" inkproof:VerifyURL="${url}"/></rdf:RDF></x:xmpmeta>`;
  const jpg = await sharp(await signaturePng())
    .flatten({ background: '#fff' })
    .jpeg()
    .withXmp(xmp)
    .toBuffer();
  const input = page.getByLabel(t.dropLabel);
  await input.setInputFiles({ name: 'signature.jpg', mimeType: 'image/jpeg', buffer: jpg });
  await expect(page.getByText(t.foundInMetadata(anonymous.referenceNumber))).toBeVisible();
  await expect(resultHeading(page)).toBeVisible();

  await page.getByRole('button', { name: m.verifyAnother }).click();
  const foreign = await signatureWithQr('https://evil.example/verify-signature?id=1');
  await input.setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: foreign });
  await expect(page.getByText(t.notOurs)).toBeVisible();
  await expect(page).toHaveURL(/\/verify-signature$/);

  await input.setInputFiles({ name: 'plain.png', mimeType: 'image/png', buffer: await signaturePng() });
  await expect(page.getByText(t.nothingFound)).toBeVisible();
  await input.setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText(t.unreadable)).toBeVisible();
});

/** A Y4M video (what chromium's fake camera plays) showing a QR code. */
function qrVideo(text: string, file: string) {
  const [w, h] = [640, 480];
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor(400 / (size + 8));
  const [x0, y0] = [Math.floor((w - size * scale) / 2), Math.floor((h - size * scale) / 2)];
  const luma = Buffer.alloc(w * h, 235);
  for (let y = 0; y < size * scale; y++)
    for (let x = 0; x < size * scale; x++)
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(y0 + y) * w + x0 + x] = 16;
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}

/** A page in a browser whose fake camera shows the QR code of the anonymous signature. */
async function withQrCamera(run: (page: Page) => Promise<void>) {
  const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-cam-')), 'qr.y4m');
  qrVideo(verifyUrl(anonymous.referenceNumber), video);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, permissions: ['camera'] });
    await run(await context.newPage());
  } finally {
    await browser.close();
    fs.rmSync(path.dirname(video), { recursive: true, force: true });
  }
}

/** The camera read the anonymous signature's QR code, looked it up and stopped. */
async function expectScanned(page: Page) {
  await expect(resultHeading(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Vera Verifier')).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.getByRole('button', { name: t.scanCamera })).toBeVisible();
}

test('scan with camera reads the QR code and stops the camera', async () => {
  await withQrCamera(async (page) => {
    await page.goto('/verify-signature');
    // the app's own button: pressed in the server's markup it is carried over (next test)
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
    await page.getByRole('button', { name: t.scanCamera }).click();
    await expectScanned(page);
  });
});

test('"Scan with camera" pressed before the app\'s entry script ran opens the camera once it has', async () => {
  await withQrCamera(async (page) => {
    // The entry is held: none of the build's code has run, the server's markup is what is shown.
    const release = await holdEntryScript(page);
    await page.goto('/verify-signature', { waitUntil: 'commit' });
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
    await page.getByRole('button', { name: t.scanCamera }).click();
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
    release();
    await expectScanned(page);
  });
});

test('a revoked signature says so, and when', async ({ page, browser }) => {
  await signUpViaApi(page.request, { email: uniqueEmail('revoke') });
  const { send } = await apiSession(page.request);
  const saved = (await (
    await send('post', '/api/signatures', { signerName: 'Rob Revoked', consent: true })
  ).json()) as OwnSignature;
  const revoked = await send('patch', `/api/signatures/${saved.id}/revoke`);
  expect(revoked.status()).toBe(200);

  // a visitor without the owner's session
  const visitor = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await visitor.goto(`/verify-signature?ref=${saved.referenceNumber}`);
  await expect(visitor.getByRole('heading', { name: t.revokedTitle })).toBeVisible();
  await expect(visitor.getByText(m.revoked)).toBeVisible();
  await expect(visitor.getByText(new RegExp(`^${m.revokedOn} `))).toBeVisible();
  await expect(visitor.getByText('Rob Revoked')).toHaveCount(0);
  await visitor.context().close();
});

test.describe('with a CAPTCHA after two look-ups', () => {
  test('the security code is asked, a wrong one refused and refreshed, a right one verifies', async ({
    page,
    playwright,
  }) => {
    const admin = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    // The block stays far off: every look-up this worker's server answered in the window counts,
    // and past the block neither the code nor a result is shown (the API tests cover blocking).
    await setLimits(admin, 2, RELAXED[1]);
    try {
      let challenges = 0;
      page.on('response', (r) => {
        if (r.url().includes('/api/captcha?purpose=lookup') && r.ok()) challenges += 1;
      });
      await page.goto('/verify-signature');
      const captchaField = page.getByLabel(t.captchaLabel, { exact: true });
      for (let i = 0; i < 3 && !(await captchaField.isVisible()); i++) {
        await referenceField(page).fill(anonymous.referenceNumber);
        await page.getByRole('button', { name: t.submit }).click();
        await expect(resultHeading(page).or(captchaField)).toBeVisible();
      }
      await expect(captchaField).toBeVisible();
      await expect(page.getByText(m.lookupCaptchaNeeded)).toBeVisible();
      await expect(page.getByRole('img', { name: t.captchaImage })).toBeVisible();
      await expect.poll(() => challenges).toBe(1);
      await expectNoAxeViolations(page);

      await captchaField.fill('wrong1');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByText(m.lookupCaptchaWrong)).toBeVisible();
      await expect.poll(() => challenges).toBe(2);
      await expect(captchaField).toHaveValue('');

      await captchaField.fill(E2E_CAPTCHA);
      await page.getByRole('button', { name: t.submit }).click();
      await expect(resultHeading(page)).toBeVisible();
      await expect(captchaField).toHaveCount(0);
    } finally {
      await setLimits(admin, ...RELAXED);
      await admin.dispose();
    }
  });
});
