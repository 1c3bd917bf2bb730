import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { documentMessages as m } from '../src/shared/documents/messages.ts';
import type { DocumentSummary, SignDocumentResponse, StorageUsage } from '../src/shared/documents/schemas.ts';
import { inkBetween, pdfsig, renderPage, type Box } from '../src/server/test/documents.ts';
import { activeContentPdf, awkwardPdf, brokenPdf, simplePdf } from '../src/server/test/pdfs.ts';
import { usageText } from '../src/shared/documents/storage.ts';
import { MIN_STAMP_BOX } from '../src/shared/documents/stamp-layout.ts';
import { settingsText } from '../src/web/features/settings/messages.ts';
import { checkText } from '../src/web/features/verification/check-messages.ts';
import { documentsText as t } from '../src/web/features/documents/messages.ts';
import { sharedText } from '../src/web/features/documents/shared-messages.ts';
import { expectNoAxeViolations, expectStampFootprint, signUpViaApi, uniqueEmail } from './support.ts';

const A4_WIDTH = 595.28;
const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><path d="M20 150 C 80 20, 160 20, 200 120 S 320 180, 380 40" stroke="black" stroke-width="8" fill="none"/></svg>';

/** Signs up through the API on the page's own cookie jar; returns a sender carrying the CSRF token. */
async function signUp(page: Page, name = 'ada_lovelace') {
  await page.goto('/');
  let token = (await signUpViaApi(page.request, { username: name, email: uniqueEmail('docs') })).csrf;
  const send = async (method: 'post' | 'delete', url: string, options: { data?: unknown } = {}) => {
    const res = await page.request[method](url, { headers: { 'x-csrf-token': token }, ...options });
    token = res.headers()['x-csrf-token'] ?? token;
    return res;
  };
  return { send, token: () => token };
}

async function saveSignature(send: Awaited<ReturnType<typeof signUp>>['send']) {
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  const res = await send('post', '/api/signatures', {
    data: {
      signatureData: `data:image/png;base64,${png.toString('base64')}`,
      signerName: 'Saved Signer',
      consent: true,
    },
  });
  expect(res.status()).toBe(201);
}

const listed = async (page: Page) =>
  (await (await page.request.get('/api/documents')).json()) as DocumentSummary[];
const toast = (page: Page, title: string) => page.locator('li.toast').filter({ hasText: title }).first();

/** The on-screen rectangle of a placed signature, in points of its page (the stage is the page as shown). */
async function placedPoints(page: Page, placed: Locator, pageWidth = A4_WIDTH): Promise<Box> {
  const stage = (await page.getByTestId('signing-stage').boundingBox())!;
  const box = (await placed.boundingBox())!;
  const k = pageWidth / stage.width;
  return { x: (box.x - stage.x) * k, y: (box.y - stage.y) * k, width: box.width * k, height: box.height * k };
}

async function drag(page: Page, target: Locator, dx: number, dy: number) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy, { steps: 10 });
  await page.mouse.up();
}

const canvasSize = async (page: Page) => {
  const box = await page.getByRole('img', { name: /^Page \d+ of \d+$/ }).boundingBox();
  return box ? { width: Math.round(box.width), height: Math.round(box.height) } : null;
};

/** pdf.js must work under the CSP (no eval, no inline styles): the browser reports any refusal. */
function watchCsp(page: Page) {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) refused.push(msg.text());
  });
  return refused;
}

test('a PDF is uploaded, viewed, signed on two pages, downloaded, checked, shared and unshared', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  const refused = watchCsp(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { send } = await signUp(page);
  await saveSignature(send);
  const original = await simplePdf(3);

  // Upload through the dialog.
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: m.listEmpty })).toBeVisible();
  await expect(page.getByText(m.listEmptyStart)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: m.upload, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: m.uploadTitle });
  await expect(dialog.getByText(m.uploadDropHint)).toBeVisible();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'three-pages.pdf', mimeType: 'application/pdf', buffer: original });
  await expect(dialog.getByLabel(m.documentName)).toHaveValue('three-pages');
  await expectNoAxeViolations(page, '[role=dialog]');
  await dialog.getByLabel(m.documentName).fill('Contract e2e');
  const uploadRequest = page.waitForRequest((r) => r.url().endsWith('/api/documents/upload'));
  await dialog.getByRole('button', { name: m.uploadButton }).click();
  expect((await uploadRequest).headers()['x-csrf-token']).toBeTruthy();
  await expect(toast(page, m.uploadedTitle)).toContainText(m.uploadedText);
  await expect(dialog).toHaveCount(0);
  const card = page.getByRole('list', { name: t.listLabel }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card.getByText(m.statusPending)).toBeVisible();
  await expectNoAxeViolations(page);
  const [doc] = await listed(page);
  expect(doc).toMatchObject({ name: 'Contract e2e', originalFilename: 'three-pages.pdf', pageCount: 3 });

  // The detail page and its viewer: pages, zoom, rotation.
  await card.getByRole('link', { name: 'Contract e2e', exact: true }).click();
  await expect(page).toHaveURL(`/documents/${doc!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contract e2e' })).toBeVisible();
  // One primary action to sign, one to ask others, and no claim that the owner must sign.
  await expect(page.getByRole('heading', { name: m.notSignedYet })).toBeVisible();
  await expect(page.getByText(m.signOrRequest)).toBeVisible();
  await expect(page.getByRole('link', { name: m.signDocument })).toHaveCount(1);
  await expect(page.getByRole('link', { name: t.requestSignatures })).toHaveCount(1);
  await expect(page.getByText(/requires your signature/i)).toHaveCount(0);
  const details = page.getByRole('definition');
  await expect(details.filter({ hasText: 'three-pages.pdf' })).toBeVisible();
  await expect(details.filter({ hasText: 'application/pdf' })).toBeVisible();
  await expect(
    details.filter({ hasText: new Date(doc!.createdAt).toLocaleDateString('en-US', { dateStyle: 'long' }) }),
  ).toBeVisible();
  const indicator = page.getByTestId('page-indicator');
  await expect(indicator).toHaveText(/1 \/ 3/);
  await expect
    .poll(() => canvasSize(page))
    .toEqual({ width: Math.round(A4_WIDTH * 1.2), height: Math.round(841.89 * 1.2) });
  await page.getByRole('button', { name: t.nextPage }).click();
  await expect(indicator).toHaveText(/2 \/ 3/);
  await page.getByRole('button', { name: t.zoomIn }).click();
  await expect(page.getByTestId('zoom-level')).toHaveText(/140%/);
  await expect.poll(async () => (await canvasSize(page))?.width).toBe(Math.round(A4_WIDTH * 1.4));
  await page.getByRole('button', { name: t.zoomOut }).click();
  await page.getByRole('button', { name: t.zoomOut }).click();
  await expect(page.getByTestId('zoom-level')).toHaveText(/100%/);
  await page.getByRole('button', { name: t.rotate }).click();
  await expect.poll(() => canvasSize(page)).toEqual({ width: 842, height: 595 });
  await expectNoAxeViolations(page);

  // Signing: a saved signature on page 2, a freshly drawn one on page 1, each dragged and resized.
  await page.getByRole('link', { name: m.signDocument }).click();
  await expect(page).toHaveURL(`/sign-document/${doc!.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: m.signDocumentTitle('Contract e2e') }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: m.placeSignature })).toBeVisible();
  await expect(page.getByTestId('signing-page')).toHaveText(m.pageOf(1, 3));
  await page.getByRole('button', { name: m.completeAndSign }).click();
  await expect(toast(page, m.noSignaturesTitle)).toContainText(m.noSignaturesPlaced);
  await expect(page.getByTestId('saved-signature')).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('signing-page')).toHaveText(m.pageOf(2, 3));
  await page.getByTestId('saved-signature').click();
  const onPage2 = page.getByTestId('placed-signature');
  await expect(onPage2).toHaveCount(1);
  const centred = await placedPoints(page, onPage2);
  expect(centred.width).toBeCloseTo(200, 0);
  expect(centred.x).toBeCloseTo((A4_WIDTH - 200) / 2, 0);
  await expectStampFootprint(onPage2, centred);
  await drag(page, onPage2.getByTestId('placed-move'), -120, 150);
  await drag(page, onPage2.getByTestId('placed-resize'), 60, 30);
  await onPage2.getByTestId('placed-move').focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  const page2Box = await placedPoints(page, onPage2);
  expect(page2Box.x).toBeLessThan(centred.x - 30);
  expect(page2Box.width).toBeGreaterThan(230);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByTestId('placed-signature')).toHaveCount(0);
  const saveButton = page.getByRole('button', { name: m.saveSignature });
  await expect(saveButton).toBeDisabled();
  await page.getByTestId('signing-pad').scrollIntoViewIfNeeded();
  const pad = (await page.getByTestId('signing-pad').boundingBox())!;
  await page.mouse.move(pad.x + 20, pad.y + pad.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++)
    await page.mouse.move(
      pad.x + 20 + i * ((pad.width - 40) / 24),
      pad.y + pad.height * (0.5 + 0.3 * Math.sin(i / 3)),
    );
  await page.mouse.up();
  await page.getByRole('checkbox', { name: m.setDefault }).check();
  await saveButton.click();
  await expect(toast(page, m.signatureSavedTitle)).toContainText(m.signatureSavedText);
  const onPage1 = page.getByTestId('placed-signature');
  await expect(onPage1).toHaveCount(1);
  await expect(page.getByTestId('saved-signature')).toHaveCount(2);
  await drag(page, onPage1.getByTestId('placed-move'), 90, -200);
  await drag(page, onPage1.getByTestId('placed-resize'), -40, -10);
  // Made as small as it goes, the box still holds its stamp, and shows it.
  await drag(page, onPage1.getByTestId('placed-resize'), -200, -200);
  const page1Box = await placedPoints(page, onPage1);
  expect(page1Box.width).toBeCloseTo(MIN_STAMP_BOX.width, 0);
  expect(page1Box.height).toBeCloseTo(MIN_STAMP_BOX.height, 0);
  await expectStampFootprint(onPage1, page1Box);

  const signRequest = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${doc!.id}/sign`));
  await page.getByRole('button', { name: m.completeAndSign }).click();
  const signResponse = await signRequest;
  expect(signResponse.status()).toBe(200);
  const sent = signResponse.request().postDataJSON() as {
    signatures: Array<{ signatureId: number; position: Box & { page: number } }>;
  };
  const answer = (await signResponse.json()) as SignDocumentResponse;
  await expect(page).toHaveURL(`/documents/${doc!.id}`);
  await expect(toast(page, m.signedTitle)).toContainText(m.signedOk);
  const [first, second] = sent.signatures;
  expect(first!.position.page).toBe(2);
  expect(second!.position.page).toBe(1);
  for (const [position, shown] of [
    [first!.position, page2Box],
    [second!.position, page1Box],
  ] as const) {
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(position[key] - shown[key])).toBeLessThan(1.5);
  }

  // The signed document: details, download, ink where it was placed and nowhere else, a valid signature.
  await expect(page.locator('h1 ~ [data-status=signed]')).toBeVisible();
  await expect(details.filter({ hasText: answer.document.reference! })).toBeVisible();
  await expect(page.getByRole('link', { name: t.verifyLink })).toHaveAttribute(
    'href',
    `/verify-signature?document=${answer.document.reference}`,
  );
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: m.download, exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Contract e2e (signed).pdf');
  const signed = fs.readFileSync((await download.path())!);
  expect(signed.subarray(0, original.length).equals(original)).toBe(true);
  expect(await pdfsig(signed)).toMatch(/Signature is Valid/);
  for (const [i, placed] of sent.signatures.entries()) {
    const n = placed.position.page;
    const others = sent.signatures.flatMap((s, j) => (s.position.page === n && j !== i ? [s.position] : []));
    const stamps = sent.signatures.flatMap((s, j) => (s.position.page === n ? [answer.stamps[j]!] : []));
    const ink = inkBetween(await renderPage(original, n), await renderPage(signed, n), [
      placed.position,
      ...others,
      ...stamps,
    ]);
    expect(ink.inside[0]).toBeGreaterThan(30);
    expect(ink.outside).toBe(0);
  }

  // "Check a document" on the verification page: the signed file matches, a one-byte change does not.
  await page.goto('/verify-signature');
  const input = page.getByTestId('check-document-input');
  await input.setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: signed });
  await expect(page.getByText(checkText.signedTitle)).toBeVisible();
  await expect(page.getByText(answer.document.reference!).first()).toBeVisible();
  await expect(page.getByText(/ada_lovelace|Saved Signer/).first()).toBeVisible();
  const changed = Buffer.from(signed);
  changed[Math.floor(changed.length / 2)]! ^= 0x01;
  await input.setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
  await expect(page.getByText(checkText.noMatchTitle)).toBeVisible();
  await expect(page.getByText(m.hashNoMatch)).toBeVisible();
  await input.setInputFiles({ name: 'original.pdf', mimeType: 'application/pdf', buffer: original });
  await expect(page.getByText(checkText.originalTitle)).toBeVisible();

  // Share: the link is copied, opens signed out, shows and downloads the signed PDF; stopping it kills it.
  await page.goto(`/documents/${doc!.id}`);
  const sharing = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${doc!.id}/share`));
  await page.getByRole('button', { name: m.share, exact: true }).click();
  const { shareLink } = (await (await sharing).json()) as { shareLink: string };
  await expect(toast(page, t.shareCopiedTitle)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareLink);
  expect((await listed(page))[0]).toMatchObject({ shared: true });

  const stranger = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const visitor = await stranger.newPage();
  const sharedPath = new URL(shareLink).pathname;
  await visitor.goto(sharedPath);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Contract e2e' })).toBeVisible();
  await expect(visitor.getByTestId('page-indicator')).toHaveText(/1 \/ 4/);
  await expect.poll(() => canvasSize(visitor)).not.toBeNull();
  await expectNoAxeViolations(visitor);
  const visitorDownload = visitor.waitForEvent('download');
  await visitor.getByRole('link', { name: m.download, exact: true }).click();
  const fetched = fs.readFileSync((await (await visitorDownload).path())!);
  expect(crypto.createHash('sha256').update(fetched).digest('hex')).toBe(answer.document.signedSha256);

  await page.getByRole('button', { name: t.stopSharing }).click();
  await expect(toast(page, t.shareStoppedTitle)).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: sharedText.unavailableTitle })).toBeVisible();
  await expect(visitor.getByText(m.shareNotFound)).toBeVisible();
  await stranger.close();
  expect(refused).toEqual([]);
});

test('on turned pages with offset boxes, signatures land where they were shown', async ({ page }) => {
  test.setTimeout(120_000);
  const refused = watchCsp(page);
  const { send, token } = await signUp(page);
  await saveSignature(send);
  const original = await awkwardPdf();
  const up = await page.request.post('/api/documents/upload', {
    headers: { 'x-csrf-token': token() },
    multipart: {
      name: 'Awkward',
      file: { name: 'awkward.pdf', mimeType: 'application/pdf', buffer: original },
    },
  });
  const doc = (await up.json()) as DocumentSummary;
  await page.goto(`/sign-document/${doc.id}`);
  // Page 1: /Rotate 90 inherited, CropBox 512 x 692 off the origin; page 2: /Rotate 270, MediaBox at (-300, -400).
  const displayed = [692, 792];
  const shown: Box[] = [];
  for (const n of [1, 2]) {
    if (n === 2) await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByTestId('signing-page')).toHaveText(m.pageOf(n, 4));
    await page.getByTestId('saved-signature').click();
    const placed = page.getByTestId('placed-signature');
    await placed.getByTestId('placed-move').focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press(n === 1 ? 'Shift+ArrowRight' : 'Shift+ArrowUp');
    await placed.getByTestId('placed-resize').focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowDown');
    shown.push(await placedPoints(page, placed, displayed[n - 1]));
  }
  expect(shown[0]!.x).toBeCloseTo((692 - 200) / 2 + 80, 0);
  expect(shown[0]!.height).toBeCloseTo(140, 0);
  expect(shown[1]!.y).toBeCloseTo((612 - 100) / 2 - 80, 0);

  // A refusal from the server is shown as it is: here a signature id that is not the user's.
  await page.route(
    `**/api/documents/${doc.id}/sign`,
    async (route) => {
      const body = route.request().postDataJSON() as { signatures: Array<{ signatureId: number }> };
      body.signatures[0]!.signatureId = 2_147_483_647;
      await route.continue({ postData: JSON.stringify(body) });
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: m.completeAndSign }).click();
  await expect(page.getByRole('alert').filter({ hasText: m.signFailed })).toContainText(m.signatureNotYours);
  await expect(page).toHaveURL(`/sign-document/${doc.id}`);

  const signing = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${doc.id}/sign`));
  await page.getByRole('button', { name: m.completeAndSign }).click();
  const response = await signing;
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON() as {
    signatures: Array<{ position: Box & { page: number } }>;
  };
  const answer = (await response.json()) as SignDocumentResponse;
  const signed = Buffer.from(await (await page.request.get(`/api/documents/${doc.id}/download`)).body());
  for (const [i, placed] of sent.signatures.entries()) {
    for (const key of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(placed.position[key] - shown[i]![key])).toBeLessThan(1.5);
    const n = placed.position.page;
    const ink = inkBetween(await renderPage(original, n), await renderPage(signed, n), [
      placed.position,
      answer.stamps[i]!,
    ]);
    expect(ink.inside[0]).toBeGreaterThan(30);
    expect(ink.outside).toBe(0);
  }
  expect(refused).toEqual([]);
});

test('upload refusals show the server message, and Cancel stops an upload in progress', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto('/documents');
  await page.getByRole('button', { name: m.upload, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: m.uploadTitle });
  const file = dialog.locator('input[type=file]');

  // The browser refuses what it can judge by itself, without sending anything.
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText(m.onlyPdf)).toBeVisible();

  // A text file named .pdf passes here; the server looks inside and refuses it.
  await file.setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just text, not a PDF'),
  });
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/documents/upload'));
  await dialog.getByRole('button', { name: m.uploadButton }).click();
  expect((await refused).status()).toBe(415);
  await expect(dialog.getByRole('alert').filter({ hasText: m.uploadFailed })).toContainText(m.onlyPdf);

  await file.setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: brokenPdf() });
  await dialog.getByRole('button', { name: m.uploadButton }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: m.uploadFailed })).toContainText(m.damaged);
  await expect(toast(page, m.uploadFailed)).toContainText(m.damaged);

  // A slow connection: the bar follows the bytes really sent, and Cancel aborts the request.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  });
  await file.setInputFiles({
    name: 'large.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([await simplePdf(1), crypto.randomBytes(900_000)]),
  });
  await dialog.getByRole('button', { name: m.uploadButton }).click();
  const bar = dialog.getByRole('progressbar');
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
    .toBeGreaterThan(0);
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
  await dialog.getByRole('button', { name: m.cancel }).click();
  await expect(dialog).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  expect(await listed(page)).toEqual([]);
});

test('tabs, search, sort, ?status=pending and delete with confirmation', async ({ page }) => {
  const { token } = await signUp(page);
  const pdf = await simplePdf(1);
  for (const name of ['Beta lease', 'Alpha offer', 'Gamma invoice']) {
    const res = await page.request.post('/api/documents/upload', {
      headers: { 'x-csrf-token': token() },
      multipart: { name, file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf } },
    });
    expect(res.status()).toBe(201);
  }
  const docs = await listed(page);
  const share = await page.request.post(
    `/api/documents/${docs.find((d) => d.name === 'Gamma invoice')!.id}/share`,
    {
      headers: { 'x-csrf-token': token() },
    },
  );
  expect(share.ok()).toBe(true);

  await page.goto('/documents?status=pending');
  await expect(page.getByRole('tab', { name: m.tabPending })).toHaveAttribute('aria-selected', 'true');
  const names = page.getByRole('list', { name: t.listLabel }).getByRole('heading');
  await expect(names).toHaveText(['Alpha offer', 'Beta lease']);
  await page.getByRole('tab', { name: m.tabShared }).click();
  await expect(page).toHaveURL(/status=shared/);
  await expect(names).toHaveText(['Gamma invoice']);
  await expect(page.getByRole('list', { name: t.listLabel }).getByText(m.statusShared)).toBeVisible();
  await page.getByRole('tab', { name: m.tabSigned }).click();
  await expect(page.getByRole('heading', { name: m.listEmpty })).toBeVisible();
  await expect(page.getByText(m.listEmptyFiltered)).toBeVisible();
  await expect(page.getByRole('button', { name: m.uploadDocument })).toHaveCount(0);

  await page.getByRole('tab', { name: m.tabAll }).click();
  await expect(names).toHaveText(['Gamma invoice', 'Alpha offer', 'Beta lease']);
  await page.getByLabel(t.sortLabel).selectOption('name');
  await expect(names).toHaveText(['Alpha offer', 'Beta lease', 'Gamma invoice']);
  await page.getByLabel(t.sortLabel).selectOption('oldest');
  await expect(names).toHaveText(['Beta lease', 'Alpha offer', 'Gamma invoice']);
  await page.getByLabel(t.searchLabel).fill('lease');
  await expect(names).toHaveText(['Beta lease']);
  await page.getByLabel(t.searchLabel).fill('');
  await page.getByLabel(t.sortLabel).selectOption('newest');

  await page.getByRole('button', { name: t.actionsFor('Beta lease') }).click();
  await expect(page.getByRole('menuitem', { name: m.sign, exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: m.delete }).click();
  const confirm = page.getByRole('alertdialog', { name: m.deleteTitle });
  await expect(confirm).toContainText(m.deleteText);
  await confirm.getByRole('button', { name: m.cancel }).click();
  await expect(names).toHaveCount(3);
  await page.getByRole('button', { name: t.actionsFor('Beta lease') }).click();
  await page.getByRole('menuitem', { name: m.delete }).click();
  await confirm.getByRole('button', { name: m.delete, exact: true }).click();
  await expect(toast(page, m.deletedTitle)).toContainText(m.deleted);
  await expect(names).toHaveText(['Gamma invoice', 'Alpha offer']);
  expect((await listed(page)).map((d) => d.name)).toEqual(['Gamma invoice', 'Alpha offer']);

  // The viewer says what went wrong and tries again on Retry.
  let failures = 1;
  await page.route('**/api/documents/*/file', (route) =>
    failures-- > 0 ? route.fulfill({ status: 503, body: 'busy' }) : route.continue(),
  );
  await page.goto(`/documents/${docs.find((d) => d.name === 'Alpha offer')!.id}`);
  await expect(page.getByText(m.viewerError(m.loadFailed))).toBeVisible();
  await page.getByRole('button', { name: m.retry }).click();
  await expect(page.getByTestId('page-indicator')).toHaveText(/1 \/ 1/);
  await page.unroute('**/api/documents/*/file');

  await page.goto('/documents/999999');
  await expect(page.getByRole('heading', { level: 1, name: m.documentNotFound })).toBeVisible();
  await page.goto('/sign-document/not-a-number');
  await expect(page).toHaveURL(/\/documents$/);
});

test('a PDF with scripts is flagged at upload and cleaned when signed; Settings shows the storage used; a shared file opens sandboxed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { send } = await signUp(page);
  await saveSignature(send);
  const kinds = ['embedded-files', 'javascript', 'launch', 'rich-media', 'xfa'] as const;

  await page.goto('/documents');
  await page.getByRole('button', { name: m.upload, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: m.uploadTitle });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: await activeContentPdf() });
  await dialog.getByRole('button', { name: m.uploadButton }).click();
  await expect(toast(page, m.uploadedTitle)).toContainText(m.activeContentFound(kinds));
  const [doc] = await listed(page);
  expect(doc!.activeContent).toEqual(kinds);

  await page.goto(`/documents/${doc!.id}`);
  await expect(page.getByTestId('active-content')).toHaveText(m.activeContentFound(kinds));
  await expectNoAxeViolations(page);
  const signed = await send('post', `/api/documents/${doc!.id}/sign`, {
    data: {
      signatures: [
        {
          signatureId: (await (await page.request.get('/api/signatures')).json())[0].id,
          position: { page: 1, x: 300, y: 300, width: 200, height: 100 },
        },
      ],
    },
  });
  expect(signed.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('active-content')).toHaveText(m.activeContentRemoved(kinds));

  // Opened straight from a share link, the signed file shows in Chromium's own viewer under the
  // sandboxing policy.
  const link = (await (await send('post', `/api/documents/${doc!.id}/share`)).json()).shareLink as string;
  const stranger = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const viewer = await stranger.newPage();
  const fileUrl = `/api/shared/${link.split('/shared/')[1]}/file`;
  const headers = await (await viewer.goto(fileUrl))!.allHeaders();
  expect(headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
  expect(headers['content-disposition']).toMatch(/^inline; filename="form \(signed\)\.pdf"/);
  // The viewer's dark sidebar beside a white page: a blocked or empty view is one colour.
  const mean = async (left: number, width: number) => {
    const region = await sharp(await viewer.screenshot()).extract({ left, top: 160, width, height: 300 });
    return (await sharp(await region.toBuffer()).stats()).channels[0]!.mean;
  };
  await expect.poll(() => mean(420, 300), { timeout: 15_000 }).toBeGreaterThan(200);
  expect(await mean(0, 60)).toBeLessThan(100);
  await viewer.screenshot({ path: 'test-results/shared-pdf-sandboxed.png' });
  await stranger.close();

  const usage = (await (await page.request.get('/api/documents/usage')).json()) as StorageUsage;
  expect(usage.usedBytes).toBe(doc!.size + (await listed(page))[0]!.signedSize!);
  await page.goto('/settings');
  const card = page.getByRole('heading', { name: settingsText.storageHeading }).locator('xpath=../..');
  await expect(card.getByTestId('storage-usage')).toHaveText(usageText(usage.usedBytes, usage.quotaBytes));
  await expect(card.getByRole('meter')).toBeVisible();
  await expectNoAxeViolations(page);
  await card.screenshot({ path: 'test-results/settings-storage.png' });
});
