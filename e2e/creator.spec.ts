import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { signatureMessages as m } from '../src/shared/signatures/messages.ts';
import { REFERENCE_PATTERN } from '../src/shared/signatures/reference.ts';
import { readMetadata } from '../src/web/features/creator/lib/file-metadata.ts';
import { jpegSize } from '../src/web/features/creator/lib/jpeg-metadata.ts';
import { pngSize, readPngText } from '../src/web/features/creator/lib/png-metadata.ts';
import { webpInfo } from '../src/web/features/creator/lib/webp-metadata.ts';
import { drawSignature, expectNoAxeViolations, signUpViaApi, uniqueEmail } from './support.ts';

const NAME = 'Ada Lovelace';

/** Collects console errors (a CSP violation, a failed font) so a test can assert there were none. */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    // an anonymous visitor's GET /api/user answers 401 by design
    if (msg.type() === 'error' && !msg.text().includes('status of 401')) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

async function download(page: Page, trigger: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger()]);
  return { name: file.suggestedFilename(), bytes: new Uint8Array(fs.readFileSync((await file.path())!)) };
}

async function downloadCombined(
  page: Page,
  format: 'PNG image' | 'JPG image' | 'SVG (vector)' | 'WebP image',
) {
  return download(page, async () => {
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByRole('menuitem', { name: format }).click();
  });
}

async function decodeQr(bytes: Uint8Array) {
  const { data, info } = await sharp(Buffer.from(bytes))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

function riffChunks(b: Uint8Array): string[] {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const out: string[] = [];
  for (let at = 12; at + 8 <= b.length;) {
    const size = view.getUint32(at + 4, true);
    out.push(new TextDecoder().decode(b.subarray(at, at + 4)));
    at += 8 + size + (size & 1);
  }
  return out;
}

async function publicOrigin(page: Page) {
  const settings = (await (await page.request.get('/api/site-settings')).json()) as { publicUrl: string };
  return new URL(settings.publicUrl).origin;
}

/** Signs up through the API on the page's own cookie jar, as the register form does. */
async function signUp(page: Page) {
  await page.goto('/');
  await signUpViaApi(page.request, { email: uniqueEmail('creator') });
}

async function fillDetails(page: Page, data = 'Tender 42 <Acme & Co>') {
  await page.getByLabel("Signer's Name").fill(NAME);
  await page.getByLabel('Reference Data').fill(data);
}

const previewReference = async (page: Page) => {
  const text = await page
    .getByTestId('combined-preview')
    .getByText(/^Reference: /)
    .textContent();
  return text!.replace('Reference: ', '').trim();
};

test('a drawn signature downloads alone as a 600x250 PNG with its reference in the file', async ({
  page,
}) => {
  await page.goto('/create');
  await expect(page.getByText(m.subtitle)).toBeVisible();
  await expect(page.getByRole('button', { name: m.downloadSignature })).toBeDisabled();
  await drawSignature(page);
  await fillDetails(page);
  await expect(page.getByRole('button', { name: m.downloadSignature })).toBeEnabled();

  const file = await download(page, () => page.getByRole('button', { name: m.downloadSignature }).click());
  expect(file.name).toBe('signature.png');
  expect(Array.from(file.bytes.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(pngSize(file.bytes)).toEqual({ width: 600, height: 250 });
  // ink on a transparent pad: some pixels are opaque black, most are clear
  const stats = await sharp(Buffer.from(file.bytes)).stats();
  expect(stats.channels[3]!.max).toBe(255);
  expect(stats.channels[3]!.mean).toBeLessThan(40);

  await page.getByRole('tab', { name: m.tabPreview }).click();
  const ref = await previewReference(page);
  expect(ref).toMatch(/^SIG-\d{8}-\d{4}$/);
  expect(readPngText(file.bytes)['Inkproof-Reference']).toBe(ref);

  // Clear empties the pad again
  await page.getByRole('tab', { name: m.tabCreate }).click();
  await page.getByRole('button', { name: m.clearPad }).click();
  await expect(page.getByRole('button', { name: m.downloadSignature })).toBeDisabled();
  await page.getByRole('tab', { name: m.tabPreview }).click();
  await expect(page.getByText(m.noSignatureYet)).toBeVisible();

  // leaving the pad ends the stroke (and emits the image) before the button is released
  await page.getByRole('tab', { name: m.tabCreate }).click();
  const box = (await page.getByTestId('signature-pad').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y - 40, { steps: 10 });
  await expect(page.getByRole('button', { name: m.downloadSignature })).toBeEnabled();
  await page.mouse.up();
});

test('typing in three fonts of different categories loads only the fonts shown', async ({ page }) => {
  const errors = consoleErrors(page);
  const fontFiles = new Set<string>();
  page.on('request', (r) => {
    if (/\.woff2?(\?|$)/.test(r.url())) fontFiles.add(new URL(r.url()).pathname);
  });
  await page.goto('/create');
  await expect(page.getByTestId('signature-pad')).toBeVisible();
  expect(fontFiles.size).toBe(0);
  await page.getByRole('tab', { name: m.tabType }).click();
  await expect(page.getByText(m.typeHint).first()).toBeVisible();
  await page.getByLabel('Signature text').fill(NAME);

  const canvas = page.getByTestId('typed-signature');
  const renders = new Map<string, string>();
  for (const [category, family] of [
    ['elegant', 'Great Vibes'],
    ['casual', 'Caveat'],
    ['bold', 'Pacifico'],
  ] as const) {
    await page.getByLabel('Font style').selectOption(category);
    // the category's first font is chosen
    await expect(page.getByRole('radio', { name: family })).toBeChecked();
    // the label names the font drawn, so it changes once the canvas shows the new face
    await expect(canvas).toHaveAttribute('aria-label', `Typed signature "${NAME}" in ${family}`);
    expect(
      await page.evaluate(
        (f) =>
          [...document.fonts].some(
            (face) => face.family.replace(/["']/g, '') === f && face.status === 'loaded',
          ),
        family,
      ),
    ).toBe(true);
    const png = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    renders.set(family, png);
  }
  expect(new Set(renders.values()).size).toBe(3);
  // 8 + 7 + 6 previews at most, never the whole catalogue of 45
  expect(fontFiles.size).toBeGreaterThanOrEqual(3);
  expect(fontFiles.size).toBeLessThanOrEqual(21);

  // auto-shrink: a long text at 72px still fits, drawn smaller
  await page.getByLabel(/Font size/).fill('72');
  await page.getByLabel('Signature text').fill('Augusta Ada King, Countess of Lovelace');
  await expect(page.getByText(/Shrunk to \d+px to fit/)).toBeVisible();

  // the typed SVG keeps the text as text, in its embedded font
  await page.getByLabel('Signature text').fill(NAME);
  await page.getByLabel("Signer's Name").fill(NAME);
  await page.getByRole('tab', { name: m.tabPreview }).click();
  const svg = new TextDecoder().decode((await downloadCombined(page, 'SVG (vector)')).bytes);
  expect(svg).toContain(`>${NAME}</text>`);
  expect(svg).toContain("font-family:'Pacifico';src:url(data:font/woff2;base64,");
  expect(svg).not.toContain('<image');
  expect(errors).toEqual([]);
});

test('Preview opened while the typed font is still loading shows the signature once the font is in', async ({
  page,
}) => {
  // Font files are held until the preview is open: the Type tab is gone by the time the font arrives.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.woff2?(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/create');
  await page.getByRole('tab', { name: m.tabType }).click();
  await page.getByLabel('Signature text').fill(NAME);
  await page.getByLabel("Signer's Name").fill(NAME);
  await page.getByRole('tab', { name: m.tabPreview }).click();
  await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
  await expect(page.getByText(m.noSignatureYet)).toHaveCount(0);

  release();
  await expect(page.getByRole('img', { name: `Signature of ${NAME}` })).toBeVisible();
  await expect(page.getByTestId('qr-code')).toBeVisible();
  await page.getByRole('tab', { name: m.tabCreate }).click();
  await expect(page.getByTestId('typed-signature')).toHaveAttribute(
    'aria-label',
    `Typed signature "${NAME}" in Great Vibes`,
  );
  // the Type tab's canvas shows the creator's drawing: not blank
  const inked = await page.getByTestId('typed-signature').evaluate((c: HTMLCanvasElement) =>
    c
      .getContext('2d')!
      .getImageData(0, 0, c.width, c.height)
      .data.some((v, i) => i % 4 === 3 && v > 0),
  );
  expect(inked).toBe(true);
});

test('combined downloads are real PNG, JPG, SVG and WebP with metadata and a QR code that opens the verification URL', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto('/create');
  await drawSignature(page);
  await page.getByRole('tab', { name: m.tabPreview }).click();
  await expect(page.getByText(m.addNameForQr)).toBeVisible();
  await expect(page.getByText(`Reference: ${m.autoGenerated}`)).toBeVisible();
  await page.getByRole('tab', { name: m.tabCreate }).click();
  await fillDetails(page);
  await page.getByRole('tab', { name: m.tabPreview }).click();
  await expect(page.getByTestId('qr-code')).toBeVisible();
  const ref = await previewReference(page);
  const origin = await publicOrigin(page);
  const host = new URL(origin).host;
  await expect(page.getByText(`Verify at: ${host}/verify-signature`)).toBeVisible();

  const png = await downloadCombined(page, 'PNG image');
  await expect(page.getByText('Your image has been downloaded as PNG', { exact: true })).toBeVisible();
  expect(png.name).toBe(`signature-with-qr-${ref}.png`);
  expect(Array.from(png.bytes.subarray(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
  const size = pngSize(png.bytes);
  expect(size.width).toBeGreaterThan(600 + 20 + 100);
  expect(size.height).toBeGreaterThan(250 + 20 + 4 * 20);

  // the QR code, read by a real decoder, is the verification URL of the spec
  const url = (await decodeQr(png.bytes))!;
  expect(url).toBeTruthy();
  const parsed = new URL(url);
  expect(parsed.origin).toBe(origin);
  expect(parsed.pathname).toBe('/verify-signature');
  expect(parsed.searchParams.get('ref')).toBe(ref);
  expect(parsed.searchParams.get('name')).toBe(NAME);
  expect(parsed.searchParams.get('id')).toMatch(/^\d{13}$/);
  const timestamp = parsed.searchParams.get('timestamp')!;
  expect(new Date(timestamp).toISOString()).toBe(timestamp);
  expect(Math.abs(Number(parsed.searchParams.get('id')) - Date.parse(timestamp))).toBeLessThan(1000);
  expect(readMetadata(png.bytes)).toEqual({ reference: ref, verifyUrl: url });
  expect(readPngText(png.bytes)).toMatchObject({ 'Inkproof-Reference': ref, 'Inkproof-Verify-URL': url });
  const opened = await page.request.get(url.replace(origin, ''));
  expect(opened.status()).toBe(200);

  const jpg = await downloadCombined(page, 'JPG image');
  expect(jpg.name).toBe(`signature-with-qr-${ref}.jpg`);
  expect(Array.from(jpg.bytes.subarray(0, 3))).toEqual([0xff, 0xd8, 0xff]);
  expect(jpegSize(jpg.bytes)).toEqual(size);
  expect(readMetadata(jpg.bytes)).toEqual({ reference: ref, verifyUrl: url });
  expect(await decodeQr(jpg.bytes)).toBe(url);

  const webp = await downloadCombined(page, 'WebP image');
  expect(webp.name).toBe(`signature-with-qr-${ref}.webp`);
  const head = new TextDecoder().decode(webp.bytes.subarray(0, 16));
  expect(head.slice(0, 4)).toBe('RIFF');
  expect(head.slice(8, 12)).toBe('WEBP');
  // quality 1 gives lossless VP8L in Chromium: no ringing around the QR modules
  expect(riffChunks(webp.bytes)).toEqual(expect.arrayContaining(['VP8X', 'VP8L', 'XMP ']));
  expect(webpInfo(webp.bytes)).toMatchObject(size);
  expect((await sharp(Buffer.from(webp.bytes)).metadata()).format).toBe('webp');
  expect(readMetadata(webp.bytes)).toEqual({ reference: ref, verifyUrl: url });
  expect(await decodeQr(webp.bytes)).toBe(url);

  const svgFile = await downloadCombined(page, 'SVG (vector)');
  expect(svgFile.name).toBe(`signature-with-qr-${ref}.svg`);
  const svg = new TextDecoder().decode(svgFile.bytes);
  expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg /);
  expect(svg).toContain(`width="${size.width}" height="${size.height}"`);
  expect(svg).not.toContain('<image');
  expect(svg).toMatch(
    /<path d="M[^"]+" fill="none" stroke="#000000" stroke-width="2" stroke-linecap="round"/,
  );
  expect(svg).toContain('Reference data: Tender 42 &lt;Acme &amp; Co&gt;');
  expect(readMetadata(svgFile.bytes)).toEqual({ reference: ref, verifyUrl: url });
  expect(await decodeQr(new Uint8Array(await sharp(Buffer.from(svgFile.bytes)).png().toBuffer()))).toBe(url);

  // Benchmark: time to produce the combined PNG and SVG in the browser, warm, 5 runs each.
  for (let i = 0; i < 4; i++) {
    await downloadCombined(page, 'PNG image');
    await downloadCombined(page, 'SVG (vector)');
  }
  const timings = await page.evaluate(() =>
    Object.fromEntries(
      ['png', 'jpg', 'webp', 'svg'].map((f) => [
        f,
        performance.getEntriesByName(`inkproof:export:${f}`).map((e) => Math.round(e.duration * 10) / 10),
      ]),
    ),
  );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `creator export timings (ms): PNG ${timings.png!.join(', ')} (median ${median(timings.png!)}); ` +
      `SVG ${timings.svg!.join(', ')} (median ${median(timings.svg!)}); JPG ${timings.jpg}; WebP ${timings.webp}`,
  );
  expect(timings.png).toHaveLength(5);
  expect(timings.svg).toHaveLength(5);
  expect(errors).toEqual([]);
});

test('an anonymous quick save can be looked up by its reference', async ({ page }) => {
  await page.goto('/create');
  await expect(page.getByRole('tab', { name: new RegExp(`${m.tabSave}.*${m.loginBadge}`) })).toBeVisible();
  await expect(page.getByText(m.expiryBanner)).toBeVisible();
  await drawSignature(page);
  await fillDetails(page, 'Quick save test');
  await page.getByRole('tab', { name: m.tabPreview }).click();
  const shown = await previewReference(page);

  // someone else takes the generated number first: the save picks another and the QR code follows
  const csrf = (await page.request.get('/api/csrf')).headers()['x-csrf-token']!;
  const tiny = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#000' } })
    .png()
    .toBuffer();
  const taken = await page.request.post('/api/signatures', {
    headers: { 'x-csrf-token': csrf },
    data: {
      signatureData: `data:image/png;base64,${tiny.toString('base64')}`,
      signerName: 'Someone Else',
      referenceNumber: shown,
      consent: true,
    },
  });
  expect(taken.status()).toBe(201);

  await page.getByRole('button', { name: m.quickSave }).click();
  await expect(page.getByText('GDPR Consent Required', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: m.consentText }).check();
  await page.getByRole('button', { name: m.quickSave }).click();
  await expect(page.getByTestId('saved-reference')).toHaveText(REFERENCE_PATTERN);
  const ref = (await page.getByTestId('saved-reference').textContent())!;
  expect(ref).not.toBe(shown);
  expect(await previewReference(page)).toBe(ref);
  await expect(page.getByRole('link', { name: 'Check it on the verification page' })).toHaveAttribute(
    'href',
    `/verify-signature?ref=${ref}`,
  );

  const lookup = await page.request.get(`/api/signatures/reference/${ref}`);
  expect(lookup.status()).toBe(200);
  const found = await lookup.json();
  expect(found).toMatchObject({ referenceNumber: ref, signerName: NAME, additionalData: 'Quick save test' });
  expect(found.expiresAt).toBeTruthy();

  // the QR code of a download after saving names the saved reference and carries the seal
  const png = await downloadCombined(page, 'PNG image');
  const sealed = (await decodeQr(png.bytes))!;
  expect(new URL(sealed).searchParams.get('ref')).toBe(ref);
  expect(sealed).toMatch(/#[A-Z2-7]{100,}$/);
  expect(readMetadata(png.bytes)?.verifyUrl).toBe(sealed);

  // an edit after saving starts a new signature with a new number
  await page.getByRole('tab', { name: m.tabCreate }).click();
  await page.getByLabel('Reference Data').fill('Quick save test, revised');
  await page.getByRole('tab', { name: m.tabPreview }).click();
  await expect(page.getByTestId('saved-reference')).toHaveCount(0);
  expect(await previewReference(page)).not.toBe(ref);

  await page.getByRole('tab', { name: new RegExp(m.tabSave) }).click();
  await expect(page.getByText(m.loginRequired)).toBeVisible();
});

test('a signed-in user saves with and without the image, then downloads from My Signatures', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await signUp(page);
  await page.goto('/create');
  await expect(page.getByText(m.expiryBanner)).toHaveCount(0);
  await page.getByRole('tab', { name: m.tabSave }).click();
  await expect(
    page.getByText('Create a signature and enter your name in the Create tab first.'),
  ).toBeVisible();

  await page.getByRole('tab', { name: m.tabCreate }).click();
  await drawSignature(page);
  await page.getByLabel("Signer's Name").fill(NAME);
  await page.getByLabel('Reference Number').fill('not-a-ref');
  await expect(page.getByText(m.referenceFormat)).toBeVisible();
  await page.getByLabel('Reference Number').fill('sig-20250414-abcd-e2e');
  await expect(page.getByText(m.referenceFormat)).toHaveCount(0);

  await page.getByRole('tab', { name: m.tabSave }).click();
  const save = page.getByRole('button', { name: m.saveSignature });
  await expect(save).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: m.saveWithImage })).toBeChecked();
  await page.getByRole('checkbox', { name: m.consentText }).check();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByTestId('saved-reference')).toHaveText('SIG-20250414-ABCD-E2E');

  // saved: the button rests until something changes; the same typed reference is then refused
  await expect(save).toBeDisabled();
  await page.getByRole('tab', { name: m.tabCreate }).click();
  await page.getByLabel('Reference Data').fill('second version');
  await page.getByRole('tab', { name: m.tabSave }).click();
  await page.getByRole('checkbox', { name: m.consentText }).check();
  await save.click();
  await expect(page.getByText(m.saveErrorTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(m.referenceTaken, { exact: true })).toBeVisible();

  // without a typed reference and without the image
  await page.getByRole('tab', { name: m.tabCreate }).click();
  await page.getByLabel('Reference Number').fill('');
  await page.getByRole('tab', { name: m.tabSave }).click();
  await page.getByRole('checkbox', { name: m.consentText }).check();
  await page.getByRole('checkbox', { name: m.saveWithImage }).uncheck();
  await page.getByRole('button', { name: m.saveSignature }).click();
  await expect(page.getByTestId('saved-reference')).toHaveText(REFERENCE_PATTERN);
  const metadataOnlyRef = (await page.getByTestId('saved-reference').textContent())!;

  const list = (await (await page.request.get('/api/signatures')).json()) as Array<Record<string, any>>;
  expect(list).toHaveLength(2);
  const withImage = list.find((s) => s.referenceNumber === 'SIG-20250414-ABCD-E2E')!;
  const withoutImage = list.find((s) => s.referenceNumber === metadataOnlyRef)!;
  expect(withImage).toMatchObject({ signerName: NAME, expiresAt: null, isRegisteredUser: true });
  expect(withImage.signatureData).toMatch(/^data:image\/png;base64,/);
  expect(withoutImage.signatureData).toBe('');
  expect(new URL(withImage.qrCodeData).searchParams.get('ref')).toBe('SIG-20250414-ABCD-E2E');
  expect((await page.request.get(`/api/signatures/reference/${metadataOnlyRef}`)).status()).toBe(200);

  // download mode, as My Signatures opens it
  await page.goto(`/signature?download=true&id=${withImage.id}`);
  await expect(page.getByRole('tab', { name: m.tabPreview })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Your saved signature')).toBeVisible();
  await expect(page.getByText('Reference: SIG-20250414-ABCD-E2E')).toBeVisible();
  const png = await downloadCombined(page, 'PNG image');
  expect(png.name).toBe('signature-with-qr-SIG-20250414-ABCD-E2E.png');
  expect(await decodeQr(png.bytes)).toBe(withImage.qrCodeData);
  expect(readMetadata(png.bytes)).toEqual({
    reference: 'SIG-20250414-ABCD-E2E',
    verifyUrl: withImage.qrCodeData,
  });
  const svg = new TextDecoder().decode((await downloadCombined(page, 'SVG (vector)')).bytes);
  expect(svg).toContain('<image href="data:image/png;base64,');

  // a signature saved without its image still downloads its QR code and caption
  await page.goto(`/signature?download=true&id=${withoutImage.id}`);
  await expect(page.getByText(m.noImage)).toBeVisible();
  const bare = await downloadCombined(page, 'PNG image');
  expect(await decodeQr(bare.bytes)).toBe(withoutImage.qrCodeData);

  await page.goto('/signature?download=true&id=999999');
  await expect(page.getByText('Signature not found')).toBeVisible();
  expect(errors.filter((e) => !e.includes('status of 409') && !e.includes('status of 404'))).toEqual([]);
});

test('the creator has no axe violations on any tab, signed out and signed in', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/create');
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: m.tabType }).click();
  await page.getByLabel('Signature text').fill(NAME);
  await expect(page.getByTestId('typed-signature')).toHaveAttribute('aria-label', /Great Vibes/);
  await expectNoAxeViolations(page);
  await page.getByLabel("Signer's Name").fill(NAME);
  await page.getByRole('tab', { name: m.tabPreview }).click();
  await expect(page.getByTestId('qr-code')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: new RegExp(m.tabSave) }).click();
  await expectNoAxeViolations(page);

  await signUp(page);
  await page.goto('/create');
  await drawSignature(page);
  await page.getByLabel("Signer's Name").fill(NAME);
  await page.getByRole('tab', { name: m.tabSave }).click();
  await expect(page.getByRole('button', { name: m.saveSignature })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('a finger draws on the pad', async ({ browser }) => {
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto('/create');
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: box.x + x * box.width, y: box.y + y * box.height }],
    });
  await touch('touchStart', 0.2, 0.5);
  for (let i = 1; i <= 10; i++) await touch('touchMove', 0.2 + i * 0.05, 0.5 + (i % 2) * 0.1);
  await touch('touchEnd', 0, 0);
  await expect(page.getByRole('button', { name: m.downloadSignature })).toBeEnabled();
  const file = await download(page, () => page.getByRole('button', { name: m.downloadSignature }).click());
  // drawn at phone size, exported at the pad's 600x250
  expect(pngSize(file.bytes)).toEqual({ width: 600, height: 250 });
  const { data, info } = await sharp(Buffer.from(file.bytes))
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const inkColumns = new Set<number>();
  for (let i = 0; i < data.length; i++) if (data[i]! > 128) inkColumns.add(i % info.width);
  expect(Math.min(...inkColumns)).toBeGreaterThan(600 * 0.15);
  expect(Math.max(...inkColumns)).toBeLessThan(600 * 0.75);
  await context.close();
});

test('keyboard users are pointed from the pad to the Type tab', async ({ page }) => {
  await page.goto('/create');
  const typeInstead = page.getByRole('button', { name: 'Type it instead' });
  await typeInstead.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: m.tabType })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Signature text').focus();
  await page.keyboard.type('Key Board');
  await expect(page.getByTestId('typed-signature')).toHaveAttribute('aria-label', /Key Board/);
});

test('the creator tabs follow the arrow keys, Home and End, with one tab stop', async ({ page }) => {
  await page.goto('/create');
  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  const create = tab(m.tabCreate);
  await create.focus();
  await expect(create).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { selected: false }).first()).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowRight');
  await expect(tab(m.tabPreview)).toBeFocused();
  await expect(tab(m.tabPreview)).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel).toHaveAttribute('aria-labelledby', (await tab(m.tabPreview).getAttribute('id'))!);
  await page.keyboard.press('ArrowLeft');
  await expect(create).toBeFocused();
  await page.keyboard.press('ArrowLeft'); // wraps to the last
  await expect(page.getByRole('tab', { name: new RegExp(m.tabSave) })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(create).toHaveAttribute('aria-selected', 'true');
});
