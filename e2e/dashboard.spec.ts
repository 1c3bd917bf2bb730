import { expect, request, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { DocumentSummary } from '../src/shared/documents/schemas.ts';
import { simplePdf } from '../src/server/test/pdfs.ts';
import { dashboardText as t } from '../src/web/features/dashboard/messages.ts';
import { plannedText } from '../src/web/features/dashboard/planned-messages.ts';
import { supportText } from '../src/web/features/dashboard/support-messages.ts';
import { templatesText } from '../src/web/features/templates/messages.ts';
import { E2E_ADMIN, E2E_CAPTCHA, expectNoAxeViolations, signUpViaApi, uniqueEmail } from './support.ts';

const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><path d="M20 150 C 80 20, 160 20, 200 120" stroke="black" stroke-width="8" fill="none"/></svg>';

/** A user with four documents: A and D pending, B signed, C shared (uploaded in that order). */
async function userWithDocuments(page: Page) {
  await page.goto('/');
  let token = (await signUpViaApi(page.request, { email: uniqueEmail('dash') })).csrf;
  const post = async (url: string, options: Parameters<Page['request']['post']>[1] = {}) => {
    const res = await page.request.post(url, { ...options, headers: { 'x-csrf-token': token } });
    token = res.headers()['x-csrf-token'] ?? token;
    expect(res.ok()).toBe(true);
    return res.json();
  };
  const pdf = await simplePdf(1);
  const docs: Record<string, DocumentSummary> = {};
  for (const name of ['Doc A', 'Doc B', 'Doc C', 'Doc D']) {
    docs[name] = await post('/api/documents/upload', {
      multipart: { name, file: { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf } },
    });
  }
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  const signature = await post('/api/signatures', {
    data: { signatureData: `data:image/png;base64,${png.toString('base64')}`, isDefault: true },
  });
  await post(`/api/documents/${docs['Doc B']!.id}/sign`, {
    data: {
      signatures: [
        { signatureId: signature.id, position: { x: 100, y: 100, width: 200, height: 100, page: 1 } },
      ],
    },
  });
  await post(`/api/documents/${docs['Doc C']!.id}/share`);
  return docs;
}

test('the dashboard counts documents by status and lists the three most recent', async ({ page }) => {
  const docs = await userWithDocuments(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByTestId('count-signed').getByRole('definition')).toHaveText(/^1/);
  await expect(page.getByTestId('count-pending').getByRole('definition')).toHaveText(/^2/);
  await expect(page.getByTestId('count-shared').getByRole('definition')).toHaveText(/^1/);
  const recent = page.getByTestId('recent-documents').getByRole('link');
  await expect(recent).toHaveCount(3);
  await expect(recent.nth(0)).toContainText('Doc D');
  await expect(recent.nth(0)).toContainText(t.recentPending);
  await expect(recent.nth(1)).toContainText('Doc C');
  await expect(recent.nth(1)).toContainText(t.recentPending);
  await expect(recent.nth(2)).toContainText('Doc B');
  await expect(recent.nth(2)).toContainText(t.recentSigned);
  await expect(page.getByTestId('notification-badge')).toHaveAccessibleName(t.notifications(3));
  await expect(page.getByTestId('notification-badge')).toHaveAttribute('href', '/documents?status=pending');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: t.uploadNew })).toHaveAttribute('href', '/documents');
  await expect(main.getByRole('link', { name: t.viewPending })).toHaveAttribute(
    'href',
    '/documents?status=pending',
  );
  await expect(main.getByRole('link', { name: t.manageSignatures })).toHaveAttribute(
    'href',
    '/my-signatures',
  );
  // One navigation: the site header's, with the account menu; the page itself adds none.
  await expect(main.getByRole('navigation')).toHaveCount(0);
  const more = main.getByRole('region', { name: t.moreTitle });
  for (const [label, href] of [
    [t.navTemplates, '/templates'],
    [t.navTeam, '/team'],
    [t.navSupport, '/support'],
  ] as const) {
    await expect(more.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('href', href);
  }
  await expectNoAxeViolations(page);

  await recent.nth(1).click();
  await expect(page).toHaveURL(`/documents/${docs['Doc C']!.id}`);
  await page.goto('/dashboard');
  await main.getByRole('link', { name: t.viewPending }).click();
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/dashboard');
  await more.getByRole('link', { name: new RegExp(`^${t.navTemplates}`) }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('heading', { level: 1, name: templatesText.title })).toBeVisible();
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: plannedText.team.title })).toBeVisible();
  await page.goto('/signatures');
  await expect(page).toHaveURL(/\/my-signatures$/);
});

test('the support page answers the common questions and its form reaches the admins', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: supportText.title })).toBeVisible();
  for (const { q } of supportText.faq) await expect(page.getByText(q, { exact: true })).toBeVisible();
  await page.getByText(supportText.faq[1]!.q, { exact: true }).click();
  await expect(page.getByText(supportText.faq[1]!.a[0]!)).toBeVisible();
  await expectNoAxeViolations(page);

  const form = page.getByRole('main');
  await form.getByRole('button', { name: supportText.send }).click();
  await expect(form.getByText('Please enter your name')).toBeVisible();
  await expect(form.getByText('Please write at least 10 characters')).toBeVisible();
  const subject = `Question ${Date.now()}`;
  await form.getByLabel(supportText.name).fill('Grace Hopper');
  await form.getByLabel(supportText.email).fill('grace@example.com');
  await form.getByLabel(supportText.subject).fill(subject);
  await form.getByLabel(supportText.message).fill('How do I verify a signed PDF that was e-mailed to me?');
  await form.getByRole('button', { name: supportText.send }).click();
  await expect(form.getByRole('status').filter({ hasText: supportText.sentTitle })).toContainText(
    'Thank you',
  );
  await expect(form.getByLabel(supportText.subject)).toHaveValue('');

  const admin = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const token = (await admin.get('/api/captcha?purpose=login')).headers()['x-csrf-token']!;
  const login = await admin.post('/api/login', {
    headers: { 'x-csrf-token': token },
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, captcha: E2E_CAPTCHA },
  });
  expect(login.ok()).toBe(true);
  const inbox = (await (await admin.get('/api/admin/support-messages')).json()) as {
    items: Array<{ name: string; email: string; subject: string; message: string }>;
  };
  expect(inbox.items).toContainEqual(
    expect.objectContaining({ name: 'Grace Hopper', email: 'grace@example.com', subject }),
  );
  await admin.dispose();
});
