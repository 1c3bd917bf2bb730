import type { AddressInfo } from 'node:net';
import { expect, request, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { jobsText as t } from '../src/web/features/admin/messages/jobs.ts';
import {
  E2E_CAPTCHA,
  expectNoAxeViolations,
  logInAsAdmin,
  mailTo,
  signUpViaApi,
  uniqueEmail,
} from './support.ts';

/** The job queue on System Diagnostics, with a real failed mail and its Retry. */
test('a mail the SMTP server refused shows as a failed job, and Retry sends it', async ({ page }) => {
  const refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
  const port = (refusing.server.address() as AddressInfo).port;

  const other = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { email } = await signUpViaApi(other, { email: uniqueEmail('jobs') });
  await other.dispose();

  await logInAsAdmin(page);
  const api = page.request;
  const csrf = async () => ({ 'x-csrf-token': (await api.get('/api/csrf')).headers()['x-csrf-token']! });
  const smtp = {
    host: '127.0.0.1',
    port,
    security: 'none',
    user: '',
    from: 'Inkproof <no-reply@inkproof.test>',
  };
  expect((await api.put('/api/admin/email-settings', { headers: await csrf(), data: smtp })).ok()).toBe(true);
  try {
    await api.get('/api/captcha?purpose=forgot-password');
    const reset = await api.post('/api/forgot-password', {
      headers: await csrf(),
      data: { email, captcha: E2E_CAPTCHA },
    });
    expect(reset.ok()).toBe(true);
    await page.goto('/admin/debug-settings');
    const section = page.getByRole('region', { name: t.heading });
    const failed = section.getByRole('table', { name: t.failedCaption });
    await expect(async () => {
      await section.getByRole('button', { name: 'Refresh' }).click();
      await expect(failed).toContainText('Mailbox unavailable', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  } finally {
    // back to the catcher of SMTP_URL, for the retry and for the other tests
    await api.delete('/api/admin/email-settings', { headers: await csrf() });
    await new Promise<void>((r) => refusing.close(() => r()));
  }
  await expect(page.getByRole('region', { name: t.heading })).toContainText(t.counts.failed);
  await expectNoAxeViolations(page);

  const row = page.getByRole('row').filter({ hasText: 'Mailbox unavailable' }).first();
  await row.getByRole('button', { name: /^Retry mail\.send job \d+$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /queued again/ })).toBeVisible();
  // the verification mail was the first; the reset mail now arrives through the catcher
  const mail = await mailTo(email, 2);
  expect(mail.text).toContain('Reset your password');
});
