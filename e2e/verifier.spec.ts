import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fromBase32, toBase32 } from '../src/shared/seals/base32.ts';
import { sealFailureMessages, sealMessages } from '../src/shared/seals/messages.ts';
import { simplePdf } from '../src/server/test/pdfs.ts';
import { sealText, verifyText } from '../src/web/features/verification/messages.ts';
import { verifierText as t } from '../src/web/verifier/messages.ts';
import { expectNoAxeViolations, savedSignaturePng, signUpViaApi, uniqueEmail } from './support.ts';

const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><path d="M20 150 C 80 20, 160 20, 200 120 S 320 180, 380 40" stroke="black" stroke-width="8" fill="none"/></svg>';

/** A document signed through the API, as the app's signing page does: its original and signed bytes. */
async function signedPdf(page: Page, username: string) {
  await page.goto('/');
  let token = (await signUpViaApi(page.request, { username, email: uniqueEmail('verifier') })).csrf;
  const send = async (url: string, options: Record<string, unknown>) => {
    const res = await page.request.post(url, { headers: { 'x-csrf-token': token }, ...options });
    token = res.headers()['x-csrf-token'] ?? token;
    return res;
  };
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  const saved = await send('/api/signatures', {
    data: {
      signatureData: `data:image/png;base64,${png.toString('base64')}`,
      signerName: 'Grace Hopper',
      consent: true,
    },
  });
  expect(saved.status()).toBe(201);
  const original = await simplePdf(2);
  const up = await send('/api/documents/upload', {
    multipart: {
      name: 'Contract',
      file: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: original },
    },
  });
  const doc = (await up.json()) as { id: number };
  const signatureId = ((await (await page.request.get('/api/signatures')).json()) as { id: number }[])[0]!.id;
  const signing = await send(`/api/documents/${doc.id}/sign`, {
    data: { signatures: [{ signatureId, position: { page: 1, x: 300, y: 300, width: 200, height: 100 } }] },
  });
  expect(signing.status()).toBe(200);
  const reference = ((await signing.json()) as { document: { reference: string } }).document.reference;
  const signed = Buffer.from(await (await page.request.get(`/api/documents/${doc.id}/download`)).body());
  expect(signed.subarray(0, original.length).equals(original)).toBe(true);
  return { original, signed, reference };
}

const verdict = (page: Page) => page.getByTestId('verdict');

test('a document opened by its bare reference shows its seal and its log entry', async ({ page }) => {
  const { reference } = await signedPdf(page, 'doc_log_e2e');
  await page.waitForTimeout(3500); // the next signed tree head covers the new leaf
  await page.goto(`/verify-signature?document=${reference}`);
  const card = page.getByTestId('seal-card');
  await expect(card.getByTestId('seal-proven')).toContainText(
    sealMessages.proven(new URL(page.url()).origin, '').trim(),
  );
  await expect(card.getByText(reference)).toBeVisible();
  // the text of an included entry, its numbers aside
  const included = sealText.logIncluded(0, 0, '').split(' 0 of 0')[0]!;
  await expect(card.getByTestId('seal-log')).toContainText(included);
  await page.screenshot({ path: '/tmp/document-seal.png', fullPage: true });
  await expectNoAxeViolations(page);
});

test('the saved verifier, opened from disk with no network, proves QR links, PNGs and signed PDFs and refuses tampering', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const { png, link } = await savedSignaturePng(page);
  const origin = new URL(link).origin;
  const { original, signed } = await signedPdf(page, 'verifier_e2e');

  // Saved from the verification page's link, as a user would.
  await page.goto('/verify-signature');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: verifyText.offlineVerifierLink }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('inkproof-verifier.html');
  const file = info.outputPath('inkproof-verifier.html');
  await download.saveAs(file);

  const context = await browser.newContext();
  const requests: string[] = [];
  await context.route('**/*', (route) =>
    route.request().url().startsWith('file:') ? route.continue() : route.abort(),
  );
  await context.setOffline(true);
  const offline = await context.newPage();
  offline.on('request', (r) => {
    if (!/^(file|blob|data):/.test(r.url())) requests.push(r.url());
  });
  const errors: string[] = [];
  offline.on('pageerror', (e) => errors.push(e.message));
  offline.on('console', (m) => {
    if (/Content Security Policy|Refused/i.test(m.text())) errors.push(m.text());
  });
  await offline.setViewportSize({ width: 390, height: 844 });
  await offline.goto(`file://${path.resolve(file)}`);
  await expect(offline.locator('body[data-ready=true]')).toBeAttached();
  // every key the instance published, retired ones too (another spec may have rotated)
  const published = (await (await page.request.get('/.well-known/inkproof/keys.json')).json()) as {
    keys: { exp?: number }[];
  };
  const retired = published.keys.filter((k) => k.exp !== undefined).length;
  await expect(offline.getByText(t.keysFrom(origin, published.keys.length, retired))).toBeVisible();

  // 1. a QR link pasted
  await offline.getByLabel(t.linkLabel).fill(link);
  await offline.getByRole('button', { name: t.linkButton }).click();
  await expect(verdict(offline)).toHaveAttribute('data-verdict', 'proven');
  await expect(offline.getByText(sealMessages.proven(origin, ''), { exact: false }).first()).toBeVisible();
  await expect(offline.getByText(/^Whether it was revoked or deleted since/)).toBeVisible();
  await expectNoAxeViolations(offline);

  // 2. the downloaded PNG's QR code
  await offline
    .getByLabel(t.fileLabel)
    .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: png });
  await expect(verdict(offline)).toHaveAttribute('data-verdict', 'proven');
  await expect(verdict(offline)).toContainText('signature.png');
  await expect(offline.getByText(t.fromImage('signature.png'))).toBeVisible();

  // 3. the signed PDF: proven, its original revision found
  await offline
    .getByLabel(t.fileLabel)
    .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: signed });
  await expect(verdict(offline)).toHaveAttribute('data-verdict', 'proven', { timeout: 20_000 });
  const sha = crypto.createHash('sha256').update(original).digest('hex');
  await expect(
    offline.getByText(
      new RegExp(
        `^The original document is revision 1 of \\d+ of this file \\(bytes 0 to ${original.length - 1}\\): its SHA-256 ${sha}`,
      ),
    ),
  ).toBeVisible();
  await expect(offline.getByText(/were appended after it|was appended after it/)).toBeVisible();
  await offline.screenshot({ path: info.outputPath('verifier-pdf-390.png'), fullPage: true });
  await expectNoAxeViolations(offline);

  // 4. an altered seal
  const [bare, token] = link.split('#') as [string, string];
  const bytes = fromBase32(token)!;
  bytes[bytes.length - 1]! ^= 0x01;
  await offline.getByLabel(t.linkLabel).fill(`${bare}#${toBase32(bytes)}`);
  await offline.getByRole('button', { name: t.linkButton }).click();
  await expect(verdict(offline)).toHaveAttribute('data-verdict', 'not-proven');
  await expect(offline.getByText(sealFailureMessages['bad-signature'])).toBeVisible();

  // 5. one byte of the original part changed
  const tampered = Buffer.from(signed);
  const at = original.indexOf('/Type /Page') > 0 ? original.indexOf('/Type /Page') + 1 : 200;
  tampered[at] = tampered[at] === 0x54 ? 0x55 : 0x54;
  await offline
    .getByLabel(t.fileLabel)
    .setInputFiles({ name: 'tampered.pdf', mimeType: 'application/pdf', buffer: tampered });
  await expect(verdict(offline)).toHaveAttribute('data-verdict', 'not-proven', { timeout: 20_000 });
  await expect(verdict(offline)).toContainText(t.noOriginal);

  // garbage and a PDF without a seal
  await offline
    .getByLabel(t.fileLabel)
    .setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: crypto.randomBytes(4000) });
  await expect(verdict(offline)).toContainText(t.unreadableFile);
  await offline
    .getByLabel(t.fileLabel)
    .setInputFiles({ name: 'plain.pdf', mimeType: 'application/pdf', buffer: original });
  await expect(verdict(offline)).toContainText(t.noLinkInPdf);
  await offline.screenshot({ path: info.outputPath('verifier-refused-390.png'), fullPage: true });

  // a key set dropped in: the instance's own adds nothing new, and says so
  await offline.getByLabel(t.keysLabel).setInputFiles({
    name: 'keys.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(published)),
  });
  await expect(offline.getByText(t.keysNone('keys.json'))).toBeVisible();

  expect(requests).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
  fs.copyFileSync(info.outputPath('verifier-pdf-390.png'), '/tmp/verifier-pdf-390.png');
  fs.copyFileSync(info.outputPath('verifier-refused-390.png'), '/tmp/verifier-refused-390.png');
});
