import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signatureMessages as m } from '../src/shared/signatures/messages.ts';
import type { OwnSignature } from '../src/shared/signatures/schemas.ts';
import { mySignaturesText as t } from '../src/web/features/signatures/messages.ts';
import { verifyText as v } from '../src/web/features/verification/messages.ts';
import { expectNoAxeViolations, signUpViaApi, uniqueEmail } from './support.ts';

const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="250"><path d="M40 170 C 120 40, 200 40, 260 150 S 420 200, 560 80" stroke="black" stroke-width="5" fill="none"/></svg>';

/** Signs up through the API on the page's own cookie jar; returns a sender carrying the CSRF token. */
async function signUp(page: Page) {
  await page.goto('/');
  let token = (await signUpViaApi(page.request, { email: uniqueEmail('mysig') })).csrf;
  const send = async (method: 'post' | 'patch' | 'delete', url: string, data?: unknown) => {
    const res = await page.request[method](url, { headers: { 'x-csrf-token': token }, data });
    token = res.headers()['x-csrf-token'] ?? token;
    return res;
  };
  return send;
}

type Send = Awaited<ReturnType<typeof signUp>>;

async function save(send: Send, fields: Record<string, unknown>): Promise<OwnSignature> {
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  const res = await send('post', '/api/signatures', {
    signatureData: `data:image/png;base64,${png.toString('base64')}`,
    consent: true,
    ...fields,
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as OwnSignature;
}

const cards = (page: Page) => page.getByRole('list', { name: t.listLabel }).getByRole('listitem');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

const listed = async (page: Page) =>
  (await (await page.request.get('/api/signatures')).json()) as OwnSignature[];

async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('signed out, My Signatures sends the visitor to log in', async ({ page }) => {
  await page.goto('/my-signatures');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fmy-signatures/);
});

test('an empty list offers to create a signature', async ({ page }) => {
  await signUp(page);
  await page.goto('/my-signatures');
  await expect(page.getByRole('heading', { level: 1, name: t.pageTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: m.listEmpty })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: m.createSignature })).toHaveAttribute('href', '/signature');
  await expectNoAxeViolations(page);
});

test('cards show each signature; View, Download and Copy work; verifications are counted', async ({
  page,
}) => {
  const send = await signUp(page);
  const ada = await save(send, { signerName: 'Ada Lovelace', additionalData: 'Contract A' });
  await save(send, { signerName: 'Grace Hopper' });

  // someone verifies Ada's signature; the count is flushed in batches, within a few seconds
  await expect(page.request.get(`/api/signatures/reference/${ada.referenceNumber}`)).resolves.toBeOK();
  await expect.poll(async () => (await listed(page)).find((s) => s.id === ada.id)?.lookupCount).toBe(1);

  await page.goto('/my-signatures');
  const adaCard = card(page, 'Ada Lovelace');
  await expect(adaCard).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(adaCard.getByText(t.idBadge(ada.id))).toBeVisible();
  await expect(adaCard.getByText(t.refBadge(ada.referenceNumber))).toBeVisible();
  await expect(adaCard.getByText(t.expiresBadge(m.never))).toBeVisible();
  await expect(adaCard.getByText(t.verifiedCount(1))).toBeVisible();
  await expect(card(page, 'Grace Hopper').getByText(t.neverVerified)).toBeVisible();
  await expect(adaCard.getByRole('img', { name: t.imageAlt('Ada Lovelace') })).toBeVisible();
  await expect(adaCard.getByRole('switch', { name: m.publicAccess })).toBeChecked();
  await expect(adaCard.getByText(m.accessPrivate, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await adaCard.getByRole('button', { name: t.view }).click();
  const details = page.getByRole('dialog', { name: m.detailsTitle });
  await expect(details).toBeVisible();
  const row = (label: string) =>
    details.locator('div', { has: page.getByText(label, { exact: true }) }).last();
  await expect(row(t.detailsName)).toContainText('Ada Lovelace');
  await expect(row(t.detailsReference)).toContainText(ada.referenceNumber);
  await expect(row(t.detailsExpires)).toContainText(m.never);
  await expect(row(t.detailsAccess)).toContainText(m.accessPublic);
  await expect(row(t.detailsData)).toContainText('Contract A');
  await expect(row(t.detailsUrl)).toContainText(`/verify-signature?`);
  await expect(row(t.detailsUrl)).toContainText(`ref=${ada.referenceNumber}`);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await details.getByRole('button', { name: t.close, exact: true }).first().click();
  await expect(details).toHaveCount(0);

  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    adaCard.getByRole('link', { name: t.download }).click(),
  ]);
  await expect(tab).toHaveURL(new RegExp(`/signature\\?download=true&id=${ada.id}$`));
  await tab.close();

  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/') && calls.push(r.url()));
  await adaCard.getByRole('button', { name: t.copy }).click();
  await expect(page.getByText(m.copySoonTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(m.copySoonText, { exact: true })).toBeVisible();
  expect(calls).toEqual([]);
});

test('making a signature private hides it from look-ups; public again finds it', async ({ page }) => {
  const send = await signUp(page);
  const sig = await save(send, { signerName: 'Pat Private' });
  await page.goto('/my-signatures');
  const patCard = card(page, 'Pat Private');
  const access = patCard.getByRole('switch', { name: m.publicAccess });
  await access.click();
  await expect(page.getByText(m.updatedTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(m.madePrivate, { exact: true })).toBeVisible();
  await expect(access).not.toBeChecked();
  await expect(patCard.getByText(m.accessPrivate, { exact: true })).toBeVisible();

  await page.goto(`/verify-signature?ref=${sig.referenceNumber}`);
  await expect(page.getByText(m.notFound)).toBeVisible();
  await expect(page.getByText('Pat Private')).toHaveCount(0);

  await page.goto('/my-signatures');
  await card(page, 'Pat Private').getByRole('switch', { name: m.publicAccess }).click();
  await expect(page.getByText(m.madePublic, { exact: true })).toBeVisible();
  await page.goto(`/verify-signature?ref=${sig.referenceNumber}`);
  await expect(page.getByRole('heading', { name: v.resultTitle })).toBeVisible();
});

test('delete asks first; revoke asks first and look-ups then say so', async ({ page }) => {
  const send = await signUp(page);
  const gone = await save(send, { signerName: 'Del Eted' });
  const rev = await save(send, { signerName: 'Rev Oked' });
  await page.goto('/my-signatures');

  const delCard = card(page, 'Del Eted');
  await delCard.getByRole('button', { name: t.delete }).click();
  await confirmIn(page, m.deleteConfirm, t.cancel);
  await expect(delCard).toBeVisible();
  await expect(delCard.getByRole('button', { name: t.delete })).toBeFocused();

  await delCard.getByRole('button', { name: t.view }).click();
  await page.getByRole('dialog', { name: m.detailsTitle }).getByRole('button', { name: t.delete }).click();
  await confirmIn(page, m.deleteConfirm, t.delete);
  await expect(page.getByText(m.deletedTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(m.deleted, { exact: true })).toBeVisible();
  await expect(delCard).toHaveCount(0);
  expect((await listed(page)).map((s) => s.id)).not.toContain(gone.id);

  const revCard = card(page, 'Rev Oked');
  await revCard.getByRole('button', { name: t.revoke }).click();
  await expectNoAxeViolations(page, '[role="alertdialog"]');
  await confirmIn(page, m.revokeConfirmTitle, t.revoke);
  await expect(page.getByText(m.revokedOk, { exact: true })).toBeVisible();
  await expect(revCard.getByText(m.revokedBadge, { exact: true })).toBeVisible();
  await expect(revCard.getByRole('button', { name: t.revoke })).toHaveCount(0);

  await page.goto(`/verify-signature?ref=${rev.referenceNumber}`);
  await expect(page.getByText(m.revoked)).toBeVisible();
  await expect(page.getByText(new RegExp(`^${m.revokedOn} `))).toBeVisible();
});

test('manage all: remove every image, then delete everything, each after a confirmation', async ({
  page,
}) => {
  const send = await signUp(page);
  await save(send, { signerName: 'One' });
  await save(send, { signerName: 'Two' });
  await page.goto('/my-signatures');
  await expect(page.getByRole('img', { name: t.imageAlt('One') })).toBeVisible();

  await page.getByRole('button', { name: t.clearImages }).click();
  await confirmIn(page, t.clearImagesTitle, t.clearImages);
  await expect(page.getByText(m.imageMissing)).toHaveCount(2);
  expect((await listed(page)).every((s) => s.signatureData === '')).toBe(true);

  await page.getByRole('button', { name: t.deleteAll }).click();
  await confirmIn(page, t.deleteAllTitle, t.deleteAll);
  await expect(page.getByText(m.deletedAll, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: m.listEmpty })).toBeVisible();
  expect(await listed(page)).toEqual([]);
});

async function countCalls(page: Page, status: number, body: object) {
  let calls = 0;
  await page.route('**/api/signatures', (route) => {
    calls += 1;
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return () => calls;
}

test('a failing list is retried 3 times, then shows the error with a working Retry', async ({ page }) => {
  test.setTimeout(60_000);
  const send = await signUp(page);
  await save(send, { signerName: 'Back Again' });
  const calls = await countCalls(page, 500, { message: 'Database unavailable' });
  await page.goto('/my-signatures');
  await expect(page.getByRole('status', { name: t.loading })).toBeVisible();
  const error: Locator = page.getByRole('alert').filter({ hasText: m.listLoadFailedTitle });
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error.getByText('Database unavailable')).toBeVisible();
  expect(calls()).toBe(4);
  await expectNoAxeViolations(page);

  await page.unroute('**/api/signatures');
  await error.getByRole('button', { name: m.retry }).click();
  await expect(card(page, 'Back Again')).toBeVisible();
});

test('a 401 from the list is not retried', async ({ page }) => {
  await signUp(page);
  const calls = await countCalls(page, 401, { message: 'Not signed in' });
  await page.goto('/my-signatures');
  await expect(page.getByRole('heading', { name: m.listLoadFailedTitle })).toBeVisible();
  expect(calls()).toBe(1);
});
