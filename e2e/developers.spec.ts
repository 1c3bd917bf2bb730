import { expect } from '@playwright/test';
import { expectNoAxeViolations, guardedTest as test, signUpViaApi } from './support.ts';

/**
 * The API reference at /developers: served by this instance with everything it needs (no request
 * leaves the origin), the operations of the OpenAPI document, and "try it" calling this server
 * with a token from Settings > API.
 */
test('the API reference loads from this server only, lists the operations and calls the API with a token', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) elsewhere.push(req.url());
  });

  await page.goto('/');
  const { csrf } = await signUpViaApi(page.request);
  const created = await page.request.post('/api/user/api-tokens', {
    headers: { 'x-csrf-token': csrf },
    data: { name: 'reference', scopes: ['documents:read'], expiresInDays: null },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };

  // From the site's footer, as a page of its own.
  await page.getByRole('contentinfo').getByRole('link', { name: 'API', exact: true }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { level: 1, name: /API$/ }).first()).toBeVisible();
  await expect(
    page.getByText(`curl -H "Authorization: Bearer ink_…" ${origin}/api/v1/documents`),
  ).toBeVisible();
  await expect(page.getByText('insufficient_scope').first()).toBeVisible();
  const operation = page.getByRole('link', { name: 'get /api/v1/documents', exact: true });
  await expect(operation).toBeVisible();

  await page.getByRole('textbox', { name: 'Bearer Token' }).first().fill(token);
  await operation.click();
  await page
    .getByRole('button', { name: /Test Request/ })
    .first()
    .click();
  const answered = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/v1/documents' && res.request().method() === 'GET',
  );
  await page.getByRole('button', { name: /^Send/ }).first().click();
  const res = await answered;
  expect(res.status()).toBe(200);
  expect(res.request().headers().authorization).toBe(`Bearer ${token}`);
  expect(await res.json()).toEqual({ items: [], nextCursor: null });
  await page.keyboard.press('Escape');

  expect(elsewhere).toEqual([]);
});

test('the API reference page is accessible, on a phone too, where the examples scroll', async ({ page }) => {
  await page.goto('/developers');
  await expect(page.getByRole('link', { name: 'get /api/v1/documents', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  const examples = page.locator('.intro pre');
  // the request example is wider than a phone: a keyboard must be able to scroll it
  expect(await examples.last().evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true);
  await examples.last().focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => examples.last().evaluate((pre) => pre.scrollLeft)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
});
