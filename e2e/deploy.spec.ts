import { expect, test, type Page } from '@playwright/test';
import { infoText } from '../src/web/features/info/messages.ts';
import { expectNoAxeViolations } from './support.ts';

/**
 * A deploy must not blank open pages. The build keeps the previous build's chunks
 * (scripts/vite-keep-assets.ts, unit-tested); here a chunk is gone anyway, as after a week, and
 * the page loaded from the old build must reload once to the new one at the same address.
 */
const ABOUT_CHUNK = /\/assets\/about-page-[\w-]+\.js$/;

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('a lazy page whose chunk is gone reloads once to the new build and shows the page', async ({ page }) => {
  await openHome(page);
  let requests = 0;
  await page.route(ABOUT_CHUNK, (route) => {
    requests += 1;
    return requests === 1 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue();
  });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(infoText.about.title);
  expect(requests).toBeGreaterThanOrEqual(2);
});

test('a chunk still missing after the reload shows a way out, not a blank page', async ({ page }) => {
  await openHome(page);
  let requests = 0;
  await page.route(ABOUT_CHUNK, (route) => {
    requests += 1;
    return route.fulfill({ status: 404, body: 'gone' });
  });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
  await reloaded;
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  // The frame stays: header and footer are there, and another page opens again.
  await expect(page.getByRole('banner')).toBeVisible();
  await expectNoAxeViolations(page);
  // Only one automatic reload: the first failed load and the one after it, no loop.
  expect(requests).toBeLessThanOrEqual(4);
  await page.unroute(ABOUT_CHUNK);
  await page.getByRole('banner').getByRole('link', { name: 'Use Cases', exact: true }).click();
  await expect(page).toHaveURL(/\/use-cases$/);
  await expect(alert).toHaveCount(0);
});
