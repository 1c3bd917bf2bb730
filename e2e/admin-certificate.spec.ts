import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import forge from 'node-forge';
import {
  SIGNING_CERTIFICATE_MAX_BYTES,
  signingCertificateMessages as cm,
} from '../src/shared/admin/signing-certificate.ts';
import { adminText } from '../src/web/features/admin/messages.ts';
import { expectNoAxeViolations, logInAsAdmin } from './support.ts';

const t = adminText.certificate;

/** A self-signed certificate and its key in a password-protected PKCS#12, as an admin would export it. */
function makeP12(commonName: string, password: string) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `0${crypto.randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 2 * 365 * 86_400_000);
  const name = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Example Corp' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

test('an admin replaces the PDF signing certificate with their own PKCS#12', async ({ page }) => {
  test.setTimeout(120_000);
  const subject = `Example Corp Signing ${Date.now()}`;
  const password = 'Corp-p12-Secret!';
  const p12 = makeP12(subject, password);
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
  await expect(form.getByRole('alert')).toHaveText(cm.invalid);
  await expect(shownSubject).toHaveText(before!);
  await expectNoAxeViolations(page);

  // The right password: a success toast, the new certificate shown, the form emptied.
  await form.getByLabel(t.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: t.submit }).click();
  const toast = page.locator('li.toast').filter({ hasText: t.replacedTitle });
  await expect(toast).toContainText(cm.replaced);
  await expect(shownSubject).toHaveText(subject);
  await expect(section.getByText(t.uploaded)).toBeVisible();
  await expect(section.getByRole('definition').filter({ hasText: subject })).toHaveCount(2);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel(t.password, { exact: true })).toHaveValue('');
  await expect(fileInput).toHaveValue('');
  expect(puts).toHaveLength(2);
  await page.screenshot({ path: '/tmp/admin-certificate.png', fullPage: true });
  await expectNoAxeViolations(page);

  // The read-only overview reads the same certificate from the diagnostics.
  await page.goto('/admin/debug');
  await expect(page.getByRole('region', { name: adminText.diagnostics.certificate })).toContainText(subject);
});
