import { expect, test } from '@playwright/test';
import {
  SIGNING_CERTIFICATE_MAX_BYTES,
  signingCertificateMessages as cm,
} from '../src/shared/admin/signing-certificate.ts';
import { TestPki } from '../src/server/test/certificates.ts';
import { adminText } from '../src/web/features/admin/messages.ts';
import { expectNoAxeViolations, logInAsAdmin } from './support.ts';

const t = adminText.certificate;

let pki: TestPki;
test.afterAll(() => pki?.remove());

test('an admin replaces the PDF signing certificate with their own PKCS#12', async ({ page }) => {
  test.setTimeout(120_000);
  // As an admin exports it: ECDSA P-256, issued by an intermediate CA, OpenSSL 3's default encryption.
  const label = `Example Corp ${Date.now()}`;
  pki = await new TestPki().chain('ec', label);
  const subject = `${label} Signer`;
  const password = 'Corp-p12-Secret!';
  const p12 = await pki.p12(password);
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/admin/signing-certificate')) puts.push(r.url());
  });

  await logInAsAdmin(page);
  await page.goto('/admin/debug-settings');
  const section = page.getByRole('region', { name: t.title });
  const shownSubject = section.getByTestId('certificate-subject');
  await expect(shownSubject).not.toHaveText('');
  const before = await shownSubject.textContent();
  expect(before).not.toBe(subject);
  await expect(section.getByText(t.generated)).toBeVisible();
  await expect(section.getByTestId('certificate-key')).toHaveText('RSA 2048');
  await expect(section.getByTestId('certificate-chain')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Checked in the browser before anything is sent: a file is required, and at most the server's limit.
  const form = section.getByRole('region', { name: t.uploadTitle });
  const fileInput = form.getByLabel(t.file);
  await expect(fileInput).toHaveAttribute('accept', /\.p12/);
  await form.getByRole('button', { name: t.submit }).click();
  await expect(form.getByText(cm.fileRequired)).toBeVisible();
  await expect(fileInput).toBeFocused();
  await fileInput.setInputFiles({
    name: 'huge.p12',
    mimeType: 'application/x-pkcs12',
    buffer: Buffer.alloc(SIGNING_CERTIFICATE_MAX_BYTES + 1, 1),
  });
  await expect(form.getByText(cm.fileTooLarge)).toBeVisible();
  await form.getByRole('button', { name: t.submit }).click();
  expect(puts).toEqual([]);

  // A wrong password: the button is busy while the server works, then the server's words in an alert.
  await fileInput.setInputFiles({ name: 'corp.p12', mimeType: 'application/x-pkcs12', buffer: p12 });
  await expect(form.getByText(cm.fileTooLarge)).toHaveCount(0);
  await form.getByLabel(t.password, { exact: true }).fill('not-the-password');
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/admin/signing-certificate', async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  await form.getByRole('button', { name: t.submit }).click();
  await expect(form.getByRole('button', { name: t.uploading })).toBeDisabled();
  release();
  await expect(form.getByRole('alert')).toHaveText(cm.wrongPassword);
  await expect(shownSubject).toHaveText(before!);
  await expectNoAxeViolations(page);

  // The right password: a success toast, the new certificate shown, the form emptied.
  await form.getByLabel(t.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: t.submit }).click();
  const toast = page.locator('li.toast').filter({ hasText: t.replacedTitle });
  await expect(toast).toContainText(cm.replaced);
  await expect(shownSubject).toHaveText(subject);
  await expect(section.getByText(t.uploaded)).toBeVisible();
  await expect(section.getByRole('definition').filter({ hasText: subject })).toHaveCount(1);
  await expect(section.getByTestId('certificate-key')).toHaveText('ECDSA P-256');
  await expect(section.getByTestId('certificate-chain')).toHaveText(`${label} Intermediate CA`);
  await expect(section.getByText(t.selfSigned, { exact: true })).toHaveCount(0);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel(t.password, { exact: true })).toHaveValue('');
  await expect(fileInput).toHaveValue('');
  expect(puts).toHaveLength(2);
  await page.screenshot({ path: 'test-results/admin-certificate.png', fullPage: true });
  await expectNoAxeViolations(page);

  // The read-only overview reads the same certificate from the diagnostics.
  await page.goto('/admin/debug');
  await expect(page.getByRole('region', { name: adminText.diagnostics.certificate })).toContainText(subject);
});
