import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { documentMessages as dm } from '../src/shared/documents/messages.ts';
import type { DocumentSummary } from '../src/shared/documents/schemas.ts';
import { signatureMessages as sm } from '../src/shared/signatures/messages.ts';
import { brokenPdf, simplePdf } from '../src/server/test/pdfs.ts';
import { creatorText } from '../src/web/features/creator/messages.ts';
import { documentsText } from '../src/web/features/documents/messages.ts';
import { mySignaturesText } from '../src/web/features/signatures/messages.ts';
import { verifyText } from '../src/web/features/verification/messages.ts';
import { expectNoAxeViolations, fillSecurityCode, signUpViaApi, uniqueEmail } from './support.ts';

const SHOTS = '/tmp/inkproof-shots';
/** Wide and reaching the corners, as a quick signature on the pad is. */
const WIDE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><path d="M4 196 C 80 20, 160 20, 200 120 S 320 180, 396 4" stroke="black" stroke-width="8" fill="none"/></svg>';

async function signedIn(page: Page) {
  await page.goto('/');
  let token = (await signUpViaApi(page.request, { email: uniqueEmail('fit'), username: 'fit_user' })).csrf;
  const post = async (url: string, options: Parameters<Page['request']['post']>[1]) => {
    const res = await page.request.post(url, { ...options, headers: { 'x-csrf-token': token } });
    token = res.headers()['x-csrf-token'] ?? token;
    expect(res.ok(), url).toBe(true);
    return res.json();
  };
  return { post };
}

async function withDocumentAndSignature(page: Page, pages = 1) {
  const { post } = await signedIn(page);
  const doc = (await post('/api/documents/upload', {
    multipart: {
      name: 'Lease',
      file: { name: 'lease.pdf', mimeType: 'application/pdf', buffer: await simplePdf(pages) },
    },
  })) as DocumentSummary;
  const png = await sharp(Buffer.from(WIDE_SVG)).png().toBuffer();
  const sig = await post('/api/signatures', {
    data: { signatureData: `data:image/png;base64,${png.toString('base64')}` },
  });
  return { doc, sig: sig as { id: number; referenceNumber: string }, post };
}

test('after signing, the card and the details tell the signed file: one page more, its own size', async ({
  page,
}) => {
  const { doc } = await withDocumentAndSignature(page, 3);
  await page.goto('/documents');
  const card = page.getByRole('list', { name: documentsText.listLabel }).getByRole('listitem').first();
  await expect(card).toContainText(documentsText.pages(3));
  await page.goto(`/sign-document/${doc.id}`);
  await page.getByTestId('saved-signature').click();
  await page.getByRole('button', { name: dm.completeAndSign }).click();
  await expect(page).toHaveURL(`/documents/${doc.id}`);
  const signed = (await (await page.request.get(`/api/documents/${doc.id}`)).json()) as DocumentSummary;
  const downloaded = await page.request.get(`/api/documents/${doc.id}/download`);
  const bytes = (await downloaded.body()).length;
  expect(signed.signedSize).toBe(bytes);
  const details = page.getByRole('definition').filter({ hasText: documentsText.pages(4) });
  await expect(details).toBeVisible();
  await expect(details).not.toContainText(`${doc.size} `);
  // The list, reached without a reload, is fresh too.
  await page.getByRole('link', { name: dm.back }).first().click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(card).toContainText(documentsText.pages(4));
});

test('the signing screen: /sign-document alone leads to the list; the pad is 400x200 on a desktop and fits a phone', async ({
  page,
}) => {
  const { doc } = await withDocumentAndSignature(page);
  await page.goto('/sign-document');
  await expect(page).toHaveURL(/\/documents$/);
  await page.goto(`/sign-document/${doc.id}`);
  const pad = page.getByTestId('signing-pad');
  await expect(pad).toBeVisible();
  const desktop = (await pad.boundingBox())!;
  expect(desktop.width).toBeCloseTo(400, 0);
  expect(desktop.height).toBeCloseTo(200, 0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await pad.boundingBox())!.width).toBeLessThan(360);
  const phone = (await pad.boundingBox())!;
  expect(phone.x).toBeGreaterThanOrEqual(0);
  expect(phone.x + phone.width).toBeLessThanOrEqual(390);
  expect(phone.width / phone.height).toBeCloseTo(2, 1);
});

test('My Signatures shows a drawn signature whole, not cropped', async ({ page }) => {
  await withDocumentAndSignature(page);
  await page.goto('/my-signatures');
  const image = page.getByRole('img', { name: mySignaturesText.imageAlt('fit_user') });
  await expect(image).toBeVisible();
  const fit = await image.evaluate((img: HTMLImageElement) => {
    const frame = img.parentElement!.getBoundingClientRect();
    const box = img.getBoundingClientRect();
    // Where the picture itself is drawn inside the element (object-fit: contain).
    const scale = Math.min(img.clientWidth / img.naturalWidth, img.clientHeight / img.naturalHeight);
    return {
      inside:
        box.left >= frame.left - 0.5 &&
        box.right <= frame.right + 0.5 &&
        box.top >= frame.top - 0.5 &&
        box.bottom <= frame.bottom + 0.5,
      fit: getComputedStyle(img).objectFit,
      aspect: (img.naturalWidth * scale) / (img.naturalHeight * scale),
    };
  });
  expect(fit).toEqual({ inside: true, fit: 'contain', aspect: 2 });
  await page.screenshot({ path: `${SHOTS}/my-signatures-thumbnail.png` });
});

test("the upload dialog forgets a refused file's error when another file is chosen; Escape gives the focus back", async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/documents');
  const opener = page.getByRole('button', { name: dm.upload, exact: true });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: dm.uploadTitle });
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: await brokenPdf() });
  await dialog.getByRole('button', { name: dm.uploadButton }).click();
  const refusal = page.locator('li.toast').filter({ hasText: dm.uploadFailed });
  await expect(refusal).toBeVisible();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await input.setInputFiles({ name: 'good.pdf', mimeType: 'application/pdf', buffer: await simplePdf(1) });
  await expect(refusal).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText(dm.onlyPdf)).toBeVisible();
  await input.setInputFiles({ name: 'again.pdf', mimeType: 'application/pdf', buffer: await simplePdf(1) });
  await expect(dialog.getByText(dm.onlyPdf)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('delete and revoke confirmations hide the page properly and give the focus back on Escape', async ({
  page,
}) => {
  await withDocumentAndSignature(page);
  await page.goto('/documents');
  const trigger = page.getByRole('button', { name: documentsText.actionsFor('Lease') });
  await trigger.click();
  await page.getByRole('menuitem', { name: dm.delete }).click();
  const confirm = page.getByRole('alertdialog', { name: dm.deleteTitle });
  await expect(confirm).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-modal', 'true');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(trigger).toBeFocused();

  await page.goto('/my-signatures');
  const revoke = page.getByRole('button', { name: mySignaturesText.revoke });
  await revoke.click();
  const revokeConfirm = page.getByRole('alertdialog', { name: sm.revokeConfirmTitle });
  await expect(revokeConfirm).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(revokeConfirm).toHaveCount(0);
  await expect(revoke).toBeFocused();
});

test('the creator says when an invalid reference, not a missing name, stops the QR code', async ({
  page,
}) => {
  await page.goto('/create');
  await page.getByRole('tab', { name: sm.tabType }).click();
  await page.getByLabel('Signature text').fill('Ada Lovelace');
  await page.getByLabel(creatorText.nameLabel).fill('Ada Lovelace');
  await page.getByLabel(creatorText.referenceLabel).fill('not-a-ref');
  await page.getByRole('tab', { name: sm.tabPreview }).click();
  await expect(page.getByTestId('qr-missing')).toHaveText(creatorText.fixReferenceForQr);
  await page.getByRole('tab', { name: sm.tabCreate }).click();
  await page.getByLabel(creatorText.referenceLabel).fill('SIG-20250414-ABCD');
  await page.getByRole('tab', { name: sm.tabPreview }).click();
  await expect(page.getByTestId('qr-code')).toBeVisible();
  await page.getByRole('tab', { name: sm.tabCreate }).click();
  await page.getByLabel(creatorText.nameLabel).fill('');
  await page.getByRole('tab', { name: sm.tabPreview }).click();
  await expect(page.getByTestId('qr-missing')).toHaveText(sm.addNameForQr);
});

test('font cards leave room for script letters that reach past their box (Homemade Apple)', async ({
  page,
}) => {
  await page.goto('/create');
  await page.getByRole('tab', { name: sm.tabType }).click();
  await page.getByLabel('Font style').selectOption('professional');
  const card = page.locator('label').filter({ has: page.getByRole('radio', { name: 'Homemade Apple' }) });
  await expect.poll(() => page.evaluate(() => document.fonts.check('24px "Homemade Apple"'))).toBe(true);
  const sample = card.locator('span[aria-hidden="true"]');
  await expect(sample).toHaveCSS('font-family', /Homemade Apple/);
  const room = await sample.evaluate((el) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontSize} ${style.fontFamily}`;
    const ink = ctx.measureText(el.textContent ?? '');
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return {
      // How far the first letter's ink starts left of the text, and the room the clip leaves there.
      inkLeft: ink.actualBoundingBoxLeft,
      roomLeft: text.left - box.left,
      inkHeight: ink.actualBoundingBoxAscent + ink.actualBoundingBoxDescent,
      height: box.height,
    };
  });
  expect(room.inkLeft).toBeGreaterThan(0);
  expect(room.roomLeft).toBeGreaterThanOrEqual(room.inkLeft);
  expect(room.height).toBeGreaterThanOrEqual(room.inkHeight);
  await card.screenshot({ path: `${SHOTS}/font-card-homemade-apple.png` });
});

test('verification: on a phone no toast covers the result; checking a document hides "No signature ID found"; a private signature from a signed PDF verifies', async ({
  page,
}) => {
  const { doc, sig, post } = await withDocumentAndSignature(page);
  await post(`/api/documents/${doc.id}/sign`, {
    data: {
      signatures: [{ signatureId: sig.id, position: { page: 1, x: 100, y: 100, width: 200, height: 100 } }],
    },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/verify-signature');
  await expect(page.getByText(sm.noSignatureId)).toBeVisible();
  await page.getByTestId('check-document-input').setInputFiles({
    name: 'other.pdf',
    mimeType: 'application/pdf',
    buffer: await simplePdf(1),
  });
  await expect(page.getByText(sm.noSignatureId)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel(verifyText.referenceLabel, { exact: true }).fill(sig.referenceNumber);
  await page.getByRole('button', { name: verifyText.submit }).click();
  const result = page.getByRole('region', { name: verifyText.resultTitle });
  await expect(result).toBeVisible();
  await expect(result).toContainText(verifyText.documentUseTitle(1));
  await expect(result).toContainText('fit_user');
  await expect(result).toContainText(sig.referenceNumber);
  await expect(result.getByRole('img')).toHaveCount(0);
  await expect(result.getByRole('heading', { name: verifyText.resultTitle })).toBeFocused();
  // The result itself is the announcement on a phone: nothing lies over it.
  await page.waitForTimeout(500);
  await expect(page.locator('li.toast')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/verify-private-signature-390.png`, fullPage: true });
});

test('after a failed login on a phone, the tabs and the message are in view below the header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 600 });
  await page.goto('/auth');
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email', { exact: true }).fill('nobody-here@example.com');
  await form.getByLabel('Password', { exact: true }).fill('wrong-password');
  await fillSecurityCode(form);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await form.getByRole('button', { name: 'Log in' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toBeVisible();
  await page.waitForTimeout(300);
  const header = (await page.getByRole('banner').boundingBox())!;
  const tabs = (await page.getByRole('tablist').boundingBox())!;
  const message = (await alert.boundingBox())!;
  expect(tabs.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(message.y + message.height).toBeLessThanOrEqual(600);
  await page.screenshot({ path: `${SHOTS}/failed-login-390.png` });
});
