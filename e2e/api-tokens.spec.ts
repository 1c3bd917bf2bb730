import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_TOKEN_PATTERN, scopeDescriptions } from '../src/shared/api/scopes.ts';
import { tokenMessages } from '../src/shared/api/tokens.ts';
import { adminText } from '../src/web/features/admin/messages.ts';
import { apiTokensText as t } from '../src/web/features/settings/api-tokens-text.ts';
import { expectNoAxeViolations, logInAsAdmin, signUpViaApi } from './support.ts';

/** API tokens as a person manages them: Settings > API for their own, an admin for anyone's. */
const listDocuments = (client: APIRequestContext, token: string) =>
  client.get('/api/v1/documents', { headers: { authorization: `Bearer ${token}` } });

async function expectRevoked(client: APIRequestContext, token: string) {
  const res = await listDocuments(client, token);
  expect(res.status()).toBe(401);
  expect(((await res.json()) as { code: string }).code).toBe('token_revoked');
}

const tokenItem = (page: Page, name: string) =>
  page.getByTestId('api-token').filter({ has: page.getByText(name, { exact: true }) });

test('create a token in Settings, call the API with it, see its last use, revoke it', async ({
  page,
  request: client,
}) => {
  await signUpViaApi(page.request);
  await page.goto('/settings?tab=api');
  await expect(page.getByRole('tab', { name: t.tab })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(t.none)).toBeVisible();
  await expectNoAxeViolations(page);

  // the form says what is missing, and the dialog passes axe
  const create = page.getByRole('button', { name: t.create });
  await create.click();
  const dialog = page.getByRole('dialog', { name: t.createTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t.createSubmit }).click();
  await expect(dialog.getByText(tokenMessages.nameRequired)).toBeVisible();
  await expect(dialog.getByText(tokenMessages.scopesRequired)).toBeVisible();
  await expect(dialog.getByText(scopeDescriptions['documents:read'])).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/api-tokens-create-1280.png' });

  await dialog.getByLabel(t.nameLabel).fill('Reporting');
  await dialog.getByRole('group', { name: t.readGroup }).getByLabel('documents:read').check();
  await dialog.getByRole('group', { name: t.readGroup }).getByLabel('requests:read').check();
  await dialog.getByLabel(t.expiryLabel).selectOption({ label: t.expiryDays(30) });
  await dialog.getByRole('button', { name: t.createSubmit }).click();

  // shown once: focused, with its warning, a curl line to try and the reference's link
  const shown = page.getByRole('dialog', { name: t.shownTitle });
  const field = shown.getByLabel(t.tokenLabel);
  await expect(field).toBeFocused();
  const token = await field.inputValue();
  expect(token).toMatch(API_TOKEN_PATTERN);
  await expect(shown.getByText(t.shownWarning)).toBeVisible();
  await expect(shown.locator('pre')).toHaveText(
    `curl -H "Authorization: Bearer ${token}" ${new URL(page.url()).origin}/api/v1/documents`,
  );
  await expect(shown.getByRole('link', { name: t.referenceLink })).toHaveAttribute('href', '/developers');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/api-tokens-shown-1280.png' });
  await shown.getByRole('button', { name: t.done }).click();
  await expect(shown).toHaveCount(0);
  await expect(create).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: t.created('Reporting') })).toBeVisible();
  await expect(page.getByTestId('new-api-token')).toHaveCount(0);

  const item = tokenItem(page, 'Reporting');
  await expect(item.getByText('documents:read', { exact: true })).toBeVisible();
  await expect(item.getByTestId('api-token-last-used')).toHaveText(t.neverUsed);

  // the token works on the API, from a client without the browser's session
  const res = await listDocuments(client, token);
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ items: [] });

  // its use is recorded beside the answer: a person reloads until it shows
  await expect(async () => {
    await page.reload();
    await expect(tokenItem(page, 'Reporting').getByTestId('api-token-last-used')).not.toHaveText(
      t.neverUsed,
      { timeout: 1_000 },
    );
  }).toPass();
  await expect(tokenItem(page, 'Reporting').getByTestId('api-token-last-used')).toContainText(' from ');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/api-tokens-list-1280.png', fullPage: true });

  // revoked after confirming; the API refuses it from then on
  await tokenItem(page, 'Reporting')
    .getByRole('button', { name: t.revokeLabel('Reporting') })
    .click();
  const confirm = page.getByRole('alertdialog', { name: t.revokeTitle('Reporting') });
  await expectNoAxeViolations(page, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: t.revokeConfirm }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: t.revoked('Reporting') })).toBeVisible();
  await expect(page.getByRole('button', { name: t.create })).toBeFocused();
  // its state beside the name, and when it was revoked in place of its expiry
  await expect(tokenItem(page, 'Reporting').getByText(t.statusRevoked, { exact: true })).toHaveCount(2);
  await expect(tokenItem(page, 'Reporting').getByRole('button', { name: t.revoke })).toHaveCount(0);
  await expectRevoked(client, token);
  await expectNoAxeViolations(page);
});

test('Settings > API on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { csrf } = await signUpViaApi(page.request);
  const made = await page.request.post('/api/user/api-tokens', {
    headers: { 'x-csrf-token': csrf },
    data: {
      name: 'A rather long token name for the CRM integration',
      scopes: ['documents:read', 'requests:write'],
      expiresInDays: null,
    },
  });
  expect(made.status()).toBe(201);
  await page.goto('/settings?tab=api');
  await expect(page.getByTestId('api-token')).toHaveCount(1);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/api-tokens-list-390.png', fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: t.create }).click();
  const dialog = page.getByRole('dialog', { name: t.createTitle });
  await dialog.getByLabel(t.nameLabel).fill('Phone');
  await dialog.getByLabel('signatures:write').check();
  await page.screenshot({ path: 'test-results/api-tokens-create-390.png' });
  await dialog.getByRole('button', { name: t.createSubmit }).click();
  const shown = page.getByRole('dialog', { name: t.shownTitle });
  await expect(shown.getByLabel(t.tokenLabel)).toBeFocused();
  await page.screenshot({ path: 'test-results/api-tokens-shown-390.png' });
  await expectNoAxeViolations(page, '[role="dialog"]');
});

test("an admin sees a user's tokens and revokes one of them", async ({ page }) => {
  const user = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { email, csrf } = await signUpViaApi(user);
  const make = async (name: string) => {
    const res = await user.post('/api/user/api-tokens', {
      headers: { 'x-csrf-token': csrf },
      data: { name, scopes: ['documents:read'], expiresInDays: 90 },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { token: string }).token;
  };
  const kept = await make('Kept');
  const other = await make('Other');
  expect((await listDocuments(user, kept)).status()).toBe(200);

  await logInAsAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: adminText.users.manageLabel(email) }).click();
  const detail = page.getByRole('dialog', { name: email });
  const tokens = detail.getByRole('region', { name: adminText.apiTokens.heading('2') });
  await expect(tokens.getByRole('row')).toHaveCount(3);
  await expect(tokens.getByRole('row').filter({ hasText: 'Kept' })).toContainText('documents:read');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await page.screenshot({ path: 'test-results/api-tokens-admin-1280.png' });

  await tokens.getByRole('button', { name: adminText.apiTokens.revokeLabel('Other') }).click();
  const confirm = page.getByRole('alertdialog', { name: adminText.apiTokens.revokeTitle('Other') });
  await confirm.getByRole('button', { name: adminText.apiTokens.revokeConfirm }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(adminText.apiTokens.revokedToast('Other'), { exact: true })).toBeVisible();
  const row = tokens.getByRole('row').filter({ hasText: 'Other' });
  await expect(row.getByText(adminText.apiTokens.revoked, { exact: true })).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  await expectRevoked(user, other);
  expect((await listDocuments(user, kept)).status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await tokens.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/api-tokens-admin-390.png' });
  await user.dispose();
});

test('the admin Security settings show the API limit and the webhooks loopback choice', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/admin/security-settings');
  await expect(page.getByLabel(adminText.security.webhooksAllowHttpLoopback)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(adminText.security.webhooksAllowHttpLoopback).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/api-security-settings-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel(adminText.security.webhooksAllowHttpLoopback).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/api-security-settings-390.png' });
});
