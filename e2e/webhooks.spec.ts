import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { adminText } from '../src/web/features/admin/messages.ts';
import { webhooksText as t } from '../src/web/features/settings/messages.ts';
import { expectNoAxeViolations, logInAsAdmin, signUpViaApi } from './support.ts';

/** A receiver on this machine: what Inkproof posts to it, answered 200. */
async function startReceiver() {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/inkproof`, received, close: () => server.close() };
}

test('a webhook to a local receiver: created in Settings, secret shown once, test delivery in the log', async ({
  page,
  browser,
}) => {
  // Two pages, an admin's and a user's, and axe three times: more than the default on a busy machine.
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    // The admin lets webhooks reach this machine over http (Security settings).
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logInAsAdmin(admin);
    await admin.goto('/admin/security-settings');
    await admin.getByLabel(adminText.security.webhooksAllowHttpLoopback).check();
    await admin.getByRole('button', { name: adminText.security.save }).click();
    await expect(admin.getByText(adminText.security.saved).first()).toBeVisible();
    await adminContext.close();

    await signUpViaApi(page.request);
    await page.goto('/settings?tab=webhooks');
    await expect(page.getByRole('tab', { name: t.tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(t.none)).toBeVisible();
    await page.getByRole('button', { name: t.add }).click();
    await page.getByLabel(t.urlLabel).fill(receiver.url);
    await page.getByLabel(t.descriptionLabel).fill('Local receiver');
    // Submitting without an event says what is missing.
    await page.getByRole('button', { name: t.create }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose at least one event' })).toBeVisible();
    await page.getByLabel(t.events['document.uploaded']!).check();
    await page.getByLabel(t.events['request.completed']!).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t.create }).click();

    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    const endpoint = page.getByTestId('webhook').filter({ hasText: receiver.url });
    await expect(endpoint).toContainText(t.enabled);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t.dismissSecret }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    await endpoint.getByRole('button', { name: t.sendTest }).click();
    await expect(endpoint.getByRole('status').filter({ hasText: t.testQueued })).toBeVisible();
    const log = endpoint.getByTestId('delivery-log');
    // A person refreshes the log until the delivery shows its answer.
    await expect(async () => {
      await endpoint.getByRole('button', { name: t.refresh }).click();
      await expect(log.getByTestId('delivery').first()).toContainText(t.status.succeeded!, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const row = log.getByTestId('delivery').first();
    await expect(row).toContainText(t.events['webhook.test']!);
    await expect(row).toContainText('200');
    await expect(row).toContainText('received');
    await expectNoAxeViolations(page);

    expect(receiver.received).toHaveLength(1);
    const payload = new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers) as {
      type: string;
    };
    expect(payload.type).toBe('webhook.test');

    // Redeliver sends it again.
    await row.getByRole('button', { name: new RegExp(`^${t.redeliver}`) }).click();
    await expect(row.getByRole('status')).toHaveText(t.redeliveryQueued);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
  } finally {
    receiver.close();
  }
});
