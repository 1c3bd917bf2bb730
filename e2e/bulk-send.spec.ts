import { expect } from '@playwright/test';
import type { Template } from '../src/shared/templates/answers.ts';
import { bulkMessages } from '../src/shared/templates/bulk.ts';
import { bulkText as t } from '../src/web/features/bulk/messages.ts';
import { simplePdf } from '../src/server/test/pdfs.ts';
import { expectNoAxeViolations, guardedTest as test, mailTo, signUpViaApi, uniqueEmail } from './support.ts';

/**
 * A template's bulk send from the browser: a CSV with a bad row is refused row by row, the
 * corrected one of 50 rows is sent, the progress page follows it to the end, and each of the 50
 * signers has their invitation in the mail catcher.
 */
test('bulk-send 50 rows from a CSV: checked row by row, sent, followed to the end, 50 mails', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  const { csrf } = await signUpViaApi(page.request, { email: uniqueEmail('bulk') });
  const made = await page.request.post('/api/templates', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      name: 'Consent form',
      file: { name: 'c.pdf', mimeType: 'application/pdf', buffer: await simplePdf(1) },
    },
  });
  expect(made.status()).toBe(201);
  const template = ((await made.json()) as { template: Template }).template;
  const saved = await page.request.patch(`/api/templates/${template.id}`, {
    headers: { 'x-csrf-token': csrf },
    data: {
      roles: [{ name: 'Parent', role: 'signer' }],
      fields: [
        { role: 0, type: 'signature', page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } },
        { role: 0, type: 'text', page: 1, rect: { x: 72, y: 300, width: 200, height: 24 }, key: 'child' },
      ],
      requireCode: false,
    },
  });
  expect(saved.status()).toBe(200);

  await page.goto('/templates');
  await page.getByRole('link', { name: `Bulk send ${template.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/templates/${template.id}/bulk$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Consent form');
  const sample = page.getByRole('link', { name: t.sample });
  const download = page.waitForEvent('download');
  await sample.click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  const tag = Date.now().toString(36);
  const emails = Array.from({ length: 50 }, (_, i) => `parent-${tag}-${i}@example.com`);
  const good = [
    'Parent name;Parent email;child',
    ...emails.map((e, i) => `"Parent ${i}";${e};Kid ${i}`),
  ].join('\r\n');
  const bad = `${good}\r\n;not-an-address;Kid X`;
  const file = page.getByLabel(t.chooseFile);
  await file.setInputFiles({
    name: 'parents.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${bad}`),
  });
  await expect(page.getByRole('alert').filter({ hasText: t.errorsTitle(1, 2) })).toBeVisible();
  const problems = page.getByRole('table', { name: t.errorsCaption });
  await expect(problems.getByRole('row').nth(1)).toContainText(
    ['51', 'Parent name', bulkMessages.nameMissing].join(''),
  );
  await expect(page.getByRole('button', { name: t.send(50) })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await file.setInputFiles({
    name: 'parents.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${good}`),
  });
  await expect(page.getByText(t.rowsRead(50))).toBeVisible();
  await expect(page.getByRole('table', { name: t.sampleCaption })).toContainText('child: Kid 0');
  await page.getByRole('button', { name: t.send(50) }).click();

  await expect(page).toHaveURL(/\/bulk\/\d+$/);
  await expect(page.getByText(t.status.completed!, { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('bulk-counts')).toHaveText(t.counts(50, 0, 0));
  await expect(page.getByRole('progressbar', { name: t.progressLabel })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  await expect(page.getByTestId('bulk-row')).toHaveCount(50);
  await expectNoAxeViolations(page);
  for (const email of emails) expect((await mailTo(email)).to).toContain(email);

  const results = page.waitForEvent('download');
  await page.getByRole('link', { name: t.resultsCsv }).click();
  expect((await results).suggestedFilename()).toMatch(/results\.csv$/);
});
