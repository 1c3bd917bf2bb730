import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { requestMessages as m } from '../src/shared/requests/messages.ts';
import type { Template } from '../src/shared/templates/answers.ts';
import type { SubmissionsResponse, TemplateLink } from '../src/shared/templates/links.ts';
import { pdfsig } from '../src/server/test/documents.ts';
import { simplePdf } from '../src/server/test/pdfs.ts';
import { directLinkText as d } from '../src/web/features/direct-link/messages.ts';
import { signText as s } from '../src/web/features/sign/messages.ts';
import {
  expectNoAxeViolations,
  guardedTest as test,
  linkIn,
  mailTo,
  signUpViaApi,
  uniqueEmail,
} from './support.ts';

/** The visitor's phone, used with a finger. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

/** Screenshots to look at by eye. */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A finish stamps the fields in the PDF worker at idle priority: it may wait its turn. */
const STAMPED = { timeout: 30_000 };

async function codeFrom(address: string, n: number) {
  const code = /code to open[^:]*: (\d{6})/.exec((await mailTo(address, n)).text)?.[1];
  expect(code, 'code in the mail').toBeTruthy();
  return code!;
}

/** Draws a stroke with a finger: real touch events, as a phone sends them. */
async function drawWithFinger(page: Page, testId: string) {
  const pad = page.getByTestId(testId);
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const at = (fx: number, fy: number) => [{ x: box.x + box.width * fx, y: box.y + box.height * fy }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.15, 0.7) });
  for (let i = 1; i <= 20; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(0.15 + 0.035 * i, 0.7 - 0.5 * Math.sin((i / 20) * Math.PI)),
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('a visitor signs a template through its public link on a phone, the owner countersigns', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  // The owner: a template with the visitor's role and their own, made through the API.
  const owner = uniqueEmail('owner');
  await page.goto('/');
  const { csrf } = await signUpViaApi(page.request, { email: owner, username: 'LaraLandlord' });
  const made = await page.request.post('/api/templates', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      name: 'Flat lease',
      file: { name: 'lease.pdf', mimeType: 'application/pdf', buffer: await simplePdf(1) },
    },
  });
  expect(made.status()).toBe(201);
  const templateId = ((await made.json()) as { template: Template }).template.id;
  const patched = await page.request.patch(`/api/templates/${templateId}`, {
    headers: { 'x-csrf-token': csrf },
    data: {
      roles: [
        { name: 'Client', role: 'signer' },
        { name: 'Landlord', role: 'signer' },
      ],
      fields: [
        { role: 0, type: 'signature', page: 1, rect: { x: 72, y: 120, width: 200, height: 90 } },
        { role: 1, type: 'signature', page: 1, rect: { x: 320, y: 120, width: 200, height: 90 } },
      ],
      order: 'sequential',
      requireCode: true,
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);

  // The owner turns the link on from its page, on a desk.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/templates/${templateId}/link`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d.settingsTitle('Flat lease'));
  await expect(page.getByLabel(d.openRoleLabel)).toHaveValue('0');
  await page.getByLabel(d.assigneeName('Landlord')).fill('Lara Landlord');
  await page.getByLabel(d.assigneeEmail('Landlord')).fill(owner);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: d.turnOn }).click();
  const address = page.getByLabel(d.linkLabel);
  await expect(address).toHaveValue(/\/d\/[\w-]{22}$/);
  const url = await address.inputValue();
  await expect(page.getByRole('img', { name: d.qrAlt })).toBeVisible();
  await expect(page.getByText(d.submissionsEmpty)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'link-settings-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'link-settings-390');
  const qr = await page.request.get(`/api/templates/${templateId}/link/qr.svg`);
  expect(qr.headers()['content-type']).toMatch(/^image\/svg\+xml/);

  // The visitor, on their own phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  consoleErrors.watch(phone);
  const vp = await phone.newPage();
  const visitor = uniqueEmail('client');
  await vp.goto(new URL(url).pathname);
  await expect(vp.getByRole('heading', { level: 1 })).toHaveText('Flat lease');
  await expect(vp.getByText(d.intro('LaraLandlord', 'Client'))).toBeVisible();
  await expectNoAxeViolations(vp);
  await shot(vp, 'direct-link-390');
  await vp.setViewportSize({ width: 1280, height: 900 });
  await shot(vp, 'direct-link-1280');
  await vp.setViewportSize({ width: 390, height: 844 });
  // Nothing is sent without a name.
  await vp.getByRole('button', { name: d.sendCode }).tap();
  await expect(vp.getByLabel(d.nameLabel)).toHaveAttribute('aria-invalid', 'true');
  await vp.getByLabel(d.nameLabel).fill('Cora Client');
  await vp.getByLabel(d.emailLabel).fill(visitor);
  await vp.getByRole('button', { name: d.sendCode }).tap();
  await expect(vp.getByText(m.codeSent(visitor))).toBeVisible();
  await expect(vp.getByLabel(d.codeLabel)).toBeFocused();
  await expectNoAxeViolations(vp);
  await shot(vp, 'direct-link-code-390');
  await vp.getByLabel(d.codeLabel).fill(await codeFrom(visitor, 1));
  await vp.getByRole('button', { name: d.confirm }).tap();

  // Straight onto the ordinary signing page, without a second code.
  await expect(vp).toHaveURL(/\/sign\/[\w-]{43}$/);
  await expect(vp.getByRole('heading', { level: 1 })).toHaveText('Flat lease – Cora Client');
  await expect(vp.getByRole('heading', { name: s.codeTitle })).toHaveCount(0);
  expect(await vp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(vp);
  await shot(vp, 'direct-link-sign-390');
  await vp.getByRole('button', { name: /^Signature field on page 1/ }).tap();
  await expect(vp.getByRole('dialog', { name: s.signatureTitle })).toBeVisible();
  await drawWithFinger(vp, 'sign-pad');
  await expect(vp.getByRole('button', { name: s.apply })).toBeEnabled();
  await vp.getByRole('button', { name: s.apply }).tap();
  await vp.getByRole('button', { name: s.finish }).tap();
  await expect(vp.getByText(m.finished)).toBeVisible(STAMPED);
  await phone.close();

  // The owner sees the submission, and countersigns from the mailed link, at a desk.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  const row = page.getByRole('row', { name: /Cora Client/ });
  await expect(row).toContainText(d.requestStates.active);
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  await expect(row.getByRole('link', { name: d.openDocument('Cora Client') })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'link-submissions-1280');
  const subs = (await (
    await page.request.get(`/api/templates/${templateId}/link/submissions`)
  ).json()) as SubmissionsResponse;
  const documentId = subs.items[0]!.documentId!;

  const desk = await browser.newContext();
  consoleErrors.watch(desk);
  const op = await desk.newPage();
  // Mails to the owner: the address check at sign-up, then their turn.
  await op.goto(linkIn(await mailTo(owner, 2), '/sign/'));
  await op.getByRole('button', { name: s.sendCode }).click();
  await op.getByLabel(s.codeLabel).fill(await codeFrom(owner, 3));
  await op.getByRole('button', { name: s.confirm }).click();
  await op.getByRole('button', { name: /^Signature field on page 1/ }).click();
  await expect(op.getByRole('dialog', { name: s.signatureTitle })).toBeVisible();
  await op.getByRole('tab', { name: s.tabType }).click();
  await op.getByRole('button', { name: s.apply }).click();
  await op.getByRole('button', { name: s.finish }).click();
  await expect(op.getByText(m.finishedLast)).toBeVisible(STAMPED);
  await desk.close();

  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/documents/${documentId}/requests/current`);
        return ((await res.json()) as { request: { status: string } }).request.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  const final = Buffer.from(await (await page.request.get(`/api/documents/${documentId}/download`)).body());
  expect(final.subarray(0, 5).toString()).toBe('%PDF-');
  const sig = await pdfsig(final);
  expect(sig).toMatch(/Signature is Valid/);
  expect(sig).not.toMatch(/Signature is Invalid/);

  // Paused, and an address that does not exist: each says so plainly.
  const link = (
    (await (await page.request.get(`/api/templates/${templateId}/link`)).json()) as {
      link: TemplateLink;
    }
  ).link;
  const paused = await page.request.put(`/api/templates/${templateId}/link`, {
    headers: { 'x-csrf-token': csrf },
    data: { openRole: 0, assignees: link.assignees, paused: true },
  });
  expect(paused.status()).toBe(200);
  const late = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  consoleErrors.watch(late);
  const lp = await late.newPage();
  await lp.goto(link.path);
  await expect(lp.getByRole('heading', { name: d.pausedTitle })).toBeVisible();
  await expect(lp.getByRole('textbox')).toHaveCount(0);
  await expectNoAxeViolations(lp);
  await shot(lp, 'direct-link-paused-390');
  await lp.setViewportSize({ width: 1280, height: 900 });
  await shot(lp, 'direct-link-paused-1280');
  consoleErrors.allow(404, /^\/api\/d\/[\w-]+$/);
  await lp.goto('/d/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(lp.getByRole('heading', { name: d.notFoundTitle })).toBeVisible();
  await expectNoAxeViolations(lp);
  await late.close();
});
