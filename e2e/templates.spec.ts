import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { CurrentRequestResponse } from '../src/shared/requests/schemas.ts';
import type { TemplateListResponse } from '../src/shared/templates/answers.ts';
import { templateMessages as tm } from '../src/shared/templates/messages.ts';
import { simplePdf } from '../src/server/test/pdfs.ts';
import { fieldsText as f } from '../src/web/components/fields/texts.ts';
import { documentsText } from '../src/web/features/documents/messages.ts';
import { requestText } from '../src/web/features/documents/request-messages.ts';
import { templatesText as t } from '../src/web/features/templates/messages.ts';
import {
  expectNoAxeViolations,
  guardedTest as test,
  mailTo,
  ownerWithPdf,
  signUpViaApi,
  uniqueEmail,
} from './support.ts';

/** What axe checks while a dialog is open: the dialog, not the page it hides on purpose. */
const DIALOGS = '[role=dialog],[role=alertdialog]';
/** Screenshots to look at by eye (the list, the editor and the use page at 1280 and 390 px). */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Adds a field the keyboard's way: Enter on its button puts it in the middle of the page. */
async function addField(page: Page, role: RegExp, type: 'signature' | 'text') {
  await page.getByRole('radio', { name: role }).check();
  await page.getByRole('button', { name: f.addField(type) }).press('Enter');
}

test('a template from an upload: two roles, a keyed rent field; renamed, copied, used for two people', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await signUpViaApi(page.request, { email: uniqueEmail('owner') });
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: t.emptyTitle })).toBeVisible();
  await expectNoAxeViolations(page);

  // New template: a PDF and a name, then the editor.
  await page.getByRole('button', { name: t.newTemplate }).first().click();
  await page
    .getByTestId('template-file-input')
    .setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: await simplePdf(1) });
  await expect(page.getByLabel(t.nameLabel)).toHaveValue('lease');
  await page.getByLabel(t.nameLabel).fill('Lease');
  await expectNoAxeViolations(page, DIALOGS);
  await page.getByRole('button', { name: t.create }).click();
  await expect(page).toHaveURL(/\/templates\/\d+$/);
  const id = Number(/\/templates\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.editorTitle('Lease'));
  await expect(page.getByTestId('not-ready')).toContainText(tm.rolesRequired);

  // Two signing roles; the Landlord without a signature is not ready yet.
  await page.getByRole('button', { name: t.addRole }).click();
  await page.getByTestId('role-row').nth(0).getByLabel(t.roleNameLabel).fill('Client');
  await page.getByRole('button', { name: t.addRole }).click();
  await page.getByTestId('role-row').nth(1).getByLabel(t.roleNameLabel).fill('Landlord');
  await expect(page.getByTestId('role-row').nth(1).getByLabel(t.roleTypeLabel)).toHaveValue('signer');
  await expect(page.getByTestId('placement-stage')).toBeVisible();
  await addField(page, /Client/, 'signature');
  await expect(page.getByTestId('request-field').first()).toHaveAccessibleName(
    /Signature for Client on page 1/,
  );
  await expect(page.getByTestId('not-ready')).toContainText(tm.signerWithoutSignature('Landlord'));
  await addField(page, /Landlord/, 'signature');
  await expect(page.getByTestId('not-ready')).toHaveCount(0);
  await expect(page.getByText(t.readyText)).toBeVisible();

  // A text field keyed `rent` with a default the Client may not change.
  await addField(page, /Client/, 'text');
  await page.getByLabel(t.keyLabel).fill('rent');
  await page.getByLabel(t.defaultLabel).fill('900');
  await page.getByRole('checkbox', { name: t.editableLabel }).click();
  await expect(page.getByRole('checkbox', { name: t.editableLabel })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await shots(page, 'template-editor');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByRole('status').filter({ hasText: t.unsaved })).toHaveCount(0);
  await expect(page.getByRole('link', { name: t.useThis })).toBeVisible();

  const saved = (await (await page.request.get(`/api/templates/${id}`)).json()) as {
    template: { ready: boolean; roles: unknown[]; fields: Array<{ key: string | null; editable: boolean }> };
  };
  expect(saved.template.ready).toBe(true);
  expect(saved.template.roles).toEqual([
    { position: 0, name: 'Client', role: 'signer' },
    { position: 1, name: 'Landlord', role: 'signer' },
  ]);
  expect(saved.template.fields.find((x) => x.key === 'rent')).toMatchObject({ editable: false });

  // A rule the server keeps comes back beside the form: a key twice.
  await addField(page, /Landlord/, 'text');
  await page.getByLabel(t.keyLabel).fill('rent');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByRole('alert').filter({ hasText: tm.keyRepeated('rent') })).toBeVisible();
  await page
    .getByTestId('placement-stage')
    .getByRole('button', { name: f.removeField('text', 'Landlord') })
    .click();
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByRole('link', { name: t.useThis })).toBeVisible();

  // The list: rename, duplicate.
  await page.getByRole('link', { name: t.back }).click();
  const rows = page.getByTestId('template-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Client, Landlord');
  await expectNoAxeViolations(page);
  await shots(page, 'templates-list');
  await rows
    .first()
    .getByRole('button', { name: t.actionNamed(t.rename, 'Lease') })
    .click();
  const dialog = page.getByRole('dialog', { name: t.renameTitle });
  await dialog.getByLabel(t.nameLabel).fill('Flat lease');
  await expectNoAxeViolations(page, DIALOGS);
  await dialog.getByRole('button', { name: t.renameSave }).click();
  await expect(dialog).toBeHidden();
  await expect(rows.first().getByRole('link', { name: 'Flat lease', exact: true })).toBeVisible();
  await rows
    .first()
    .getByRole('button', { name: t.actionNamed(t.duplicate, 'Flat lease') })
    .click();
  await expect(rows).toHaveCount(2);
  const list = (await (await page.request.get('/api/templates')).json()) as TemplateListResponse;
  expect(list.items.map((x) => x.name)).toContain('Flat lease');
  const copyId = list.items.find((x) => x.id !== id)!.id;

  // Search finds by name.
  await page.getByLabel(t.searchLabel).fill('nothing like it');
  await expect(page.getByText(t.noMatch('nothing like it'))).toBeVisible();
  await page.getByLabel(t.searchLabel).fill('');
  await expect(rows).toHaveCount(2);

  // The copy goes after a confirmation.
  const copyRow = rows.filter({ has: page.locator(`a[href="/templates/${copyId}"]`) });
  await copyRow.getByRole('button', { name: new RegExp(`^${t.delete} `) }).click();
  await expect(page.getByRole('alertdialog', { name: t.deleteTitle })).toBeVisible();
  await expectNoAxeViolations(page, DIALOGS);
  await page.getByRole('alertdialog').getByRole('button', { name: t.delete }).click();
  await expect(rows).toHaveCount(1);

  // Use: a person per role, the rent, then the new document's page with its request.
  await rows
    .first()
    .getByRole('link', { name: t.actionNamed(t.use, 'Flat lease') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/templates/${id}/use$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.useTitle('Flat lease'));
  const rent = page.getByLabel('rent', { exact: true });
  await expect(rent).toHaveValue('900');
  const ann = uniqueEmail('client');
  const bob = uniqueEmail('landlord');
  await page.getByLabel(t.personName('Client')).fill('Ann Client');
  await page.getByLabel(t.personEmail('Client')).fill(ann);
  await page.getByLabel(t.personName('Landlord')).fill('Bob Landlord');
  await page.getByLabel(t.personEmail('Landlord')).fill('not an address');
  await page.getByRole('button', { name: t.send }).click();
  await expect(page.getByLabel(t.personEmail('Landlord'))).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(t.personEmail('Landlord')).fill(bob);
  await rent.fill('1200');
  await page.getByLabel(t.documentNameLabel).fill('Lease Ann Client');
  await expectNoAxeViolations(page);
  await shots(page, 'template-use');
  await page.getByRole('button', { name: t.send }).click();
  await expect(page).toHaveURL(/\/documents\/\d+$/);
  const documentId = Number(/\/documents\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lease Ann Client');
  const panel = page.getByTestId('request-panel');
  await expect(panel.getByTestId('request-status')).toHaveText(requestText.requestStatus.active);
  await expect(panel.getByTestId('recipient-status')).toHaveText([
    requestText.status.sent,
    requestText.status.waiting,
  ]);
  const current = (await (
    await page.request.get(`/api/documents/${documentId}/requests/current`)
  ).json()) as CurrentRequestResponse;
  expect(current.request!.recipients.map((r) => r.name)).toEqual(['Ann Client', 'Bob Landlord']);
  expect(current.request!.fields.map((x) => x.type).sort()).toEqual(['signature', 'signature', 'text']);
  await mailTo(ann);

  // The list counts the use; the dashboard offers the template.
  await page.goto('/templates');
  await expect(rows.first()).toContainText(t.uses(1));
  await page.goto('/dashboard');
  await expect(
    page.getByTestId('recent-templates').getByRole('link', { name: 'Use Flat lease' }),
  ).toBeVisible();
});

test('a document not signed yet is saved as a template and opens in the editor', async ({ page }) => {
  const { id } = await ownerWithPdf(page, 'Service contract');
  await page.goto(`/documents/${id}`);
  await page.getByRole('button', { name: documentsText.saveAsTemplate }).click();
  await expect(page).toHaveURL(/\/templates\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.editorTitle('Service contract'));
  await expect(page.getByTestId('not-ready')).toContainText(tm.rolesRequired);
  await expectNoAxeViolations(page);
});
