import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { documentMessages as m } from '../src/shared/documents/messages.ts';
import type { DocumentSummary } from '../src/shared/documents/schemas.ts';
import { simplePdf } from '../src/server/test/pdfs.ts';
import { documentsText as t } from '../src/web/features/documents/messages.ts';
import { expectNoAxeViolations, signUpViaApi, uniqueEmail } from './support.ts';

const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><path d="M20 150 C 80 20, 160 20, 200 120" stroke="black" stroke-width="8" fill="none"/></svg>';

/** Signs up through the API on the page's cookie jar; returns a sender carrying the CSRF token. */
async function signUp(page: Page, name: string) {
  await page.goto('/');
  let token = (await signUpViaApi(page.request, { username: name, email: uniqueEmail('detail') })).csrf;
  const send = async (url: string, options: { data?: unknown; multipart?: Record<string, unknown> }) => {
    const res = await page.request.post(url, { headers: { 'x-csrf-token': token }, ...(options as object) });
    token = res.headers()['x-csrf-token'] ?? token;
    return res;
  };
  return send;
}

async function upload(send: Awaited<ReturnType<typeof signUp>>, name: string) {
  const res = await send('/api/documents/upload', {
    multipart: {
      name,
      file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: await simplePdf(1) },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as DocumentSummary;
}

async function sign(send: Awaited<ReturnType<typeof signUp>>, doc: DocumentSummary) {
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  const saved = await send('/api/signatures', {
    data: {
      signatureData: `data:image/png;base64,${png.toString('base64')}`,
      signerName: 'Ada',
      consent: true,
    },
  });
  expect(saved.status()).toBe(201);
  const { id } = (await saved.json()) as { id: number };
  const res = await send(`/api/documents/${doc.id}/sign`, {
    data: {
      signatures: [{ signatureId: id, position: { x: 100, y: 100, width: 200, height: 100, page: 1 } }],
    },
  });
  expect(res.status()).toBe(200);
}

async function expectNotFound(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: m.documentNotFound })).toBeVisible();
  await expect(page.getByRole('link', { name: m.backToDocuments })).toHaveAttribute('href', '/documents');
  const tabs = page.getByRole('tablist', { name: t.otherTabsLabel }).getByRole('tab');
  await expect(tabs).toHaveText([m.tabAll, t.tabDrafts]);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
}

test("a missing document shows not found, with the user's documents under All and Drafts", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const send = await signUp(page, 'detail_owner');
  const draft = await upload(send, 'Draft lease');
  const done = await upload(send, 'Signed offer');
  await sign(send, done);

  await page.goto('/documents/999999');
  await expectNotFound(page);
  const all = page.getByRole('list', { name: t.allListLabel });
  await expect(all.getByRole('link')).toHaveText(['Signed offer', 'Draft lease']);
  await expect(all.getByRole('listitem').filter({ hasText: 'Signed offer' })).toContainText(m.statusSigned);
  await expectNoAxeViolations(page);

  // The tabs work from the keyboard; Drafts lists only what is not signed yet.
  await page.getByRole('tab', { name: m.tabAll }).focus();
  await page.keyboard.press('ArrowRight');
  const draftsTab = page.getByRole('tab', { name: t.tabDrafts });
  await expect(draftsTab).toBeFocused();
  await expect(draftsTab).toHaveAttribute('aria-selected', 'true');
  const drafts = page.getByRole('list', { name: t.draftsListLabel });
  await expect(drafts.getByRole('link')).toHaveText(['Draft lease']);
  await page.screenshot({ path: '/tmp/document-detail-drafts.png', fullPage: true });
  await expectNoAxeViolations(page);

  await drafts.getByRole('link', { name: 'Draft lease' }).click();
  await expect(page).toHaveURL(`/documents/${draft.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Draft lease' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: t.otherTabsLabel })).toHaveCount(0);
});

test("another user's document and an invalid id read as not found, with empty tabs", async ({
  page,
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await upload(await signUp(await ownerContext.newPage(), 'detail_other'), 'Private deed');
  await ownerContext.close();

  await signUp(page, 'detail_empty');
  await page.goto(`/documents/${owner.id}`);
  await expectNotFound(page);
  await expect(page.getByText('Private deed')).toHaveCount(0);
  await expect(page.getByText(t.emptyAll)).toBeVisible();
  await page.getByRole('tab', { name: t.tabDrafts }).click();
  await expect(page.getByText(t.emptyDrafts)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/documents/not-a-number');
  await expectNotFound(page);
  await expect(page.getByText(t.emptyAll)).toBeVisible();
  await page.screenshot({ path: '/tmp/document-detail-empty.png', fullPage: true });
});
