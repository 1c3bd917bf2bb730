import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { documentMessages } from '../src/shared/documents/messages.ts';
import { SHARE_LINK_TTL_DAYS, type DocumentSummary } from '../src/shared/documents/schemas.ts';
import { auditEventLabels, requestMessages as m } from '../src/shared/requests/messages.ts';
import type { CurrentRequestResponse } from '../src/shared/requests/schemas.ts';
import { allQrs, pdfsig, pdftotext, tempDir } from '../src/server/test/documents.ts';
import { simplePdf } from '../src/server/test/pdfs.ts';
import { maskEmail } from '../src/server/modules/requests/tokens.ts';
import { REQUEST_POLL_MS } from '../src/web/features/documents/lib/request-poll.ts';
import { requestText } from '../src/web/features/documents/request-messages.ts';
import { documentsText } from '../src/web/features/documents/messages.ts';
import { composeText as c } from '../src/web/features/requests/messages.ts';
import { FIELD_SIZES } from '../src/web/components/fields/fields.ts';
import { signText as s } from '../src/web/features/sign/messages.ts';
import {
  type ConsoleGuard,
  expectNoAxeViolations,
  expectStampFootprint,
  guardedTest as test,
  linkIn,
  mailTo,
  signUpViaApi,
  uniqueEmail,
} from './support.ts';

const run = promisify(execFile);
/** A time as the owner's page shows every one: in UTC, saying so. */
const UTC_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/;
/**
 * A finish stamps the signer's fields into the PDF before it answers, in the PDF worker at idle
 * priority (decision 035): while the other worker's tests keep both cores busy it waits its turn.
 */
const STAMPED = { timeout: 30_000 };
/** What axe checks while a dialog is open: the dialog, not the page it hides on purpose. */
const DIALOGS = '[role=dialog],[role=alertdialog]';
/** A link that is used, declined or cancelled answers 404: the page says the link is dead. */
const DEAD_LINK = /^\/api\/sign\/[\w-]+$/;
/** A wrong code answers 400; the fifth uses the code up (410). */
const CODE_CHECK = /^\/api\/sign\/[\w-]+\/verify-code$/;
/** Screenshots to look at by eye (compose, placement, the recipient's page at 1280 and 390 px). */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function qpdfCheck(bytes: Buffer) {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'final.pdf');
    fs.writeFileSync(file, bytes);
    return (await run('qpdf', ['--check', file])).stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An owner signed in on the page, with a two-page PDF uploaded; returns its id. */
async function ownerWithDocument(page: Page, name = 'Lease agreement', withSavedSignature = false) {
  await page.goto('/');
  const { csrf } = await signUpViaApi(page.request, { email: uniqueEmail('owner') });
  if (withSavedSignature) {
    const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
    const saved = await page.request.post('/api/signatures', {
      headers: { 'x-csrf-token': csrf },
      data: {
        signatureData: `data:image/png;base64,${png.toString('base64')}`,
        signerName: 'Ola Owner',
        consent: true,
      },
    });
    expect(saved.status()).toBe(201);
  }
  const up = await page.request.post('/api/documents/upload', {
    headers: { 'x-csrf-token': csrf },
    multipart: { name, file: { name: 'lease.pdf', mimeType: 'application/pdf', buffer: await simplePdf(2) } },
  });
  expect(up.status()).toBe(201);
  return ((await up.json()) as DocumentSummary).id;
}

const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><path d="M20 150 C 80 20, 160 20, 200 120 S 320 180, 380 40" stroke="black" stroke-width="8" fill="none"/></svg>';

async function fillRecipient(page: Page, i: number, name: string, email: string) {
  const row = page.getByTestId('recipient-row').nth(i);
  await row.getByLabel(c.nameLabel).fill(name);
  await row.getByLabel(c.emailLabel).fill(email);
}

/** Adds a field the keyboard's way: Enter on its button puts it in the middle of the page. */
async function addField(page: Page, who: RegExp, type: 'signature' | 'text' | 'initials') {
  await page.getByRole('radio', { name: who }).check();
  await page.getByRole('button', { name: c.addField(type) }).press('Enter');
}

async function currentRequest(page: Page, documentId: number) {
  const res = await page.request.get(`/api/documents/${documentId}/requests/current`);
  return ((await res.json()) as CurrentRequestResponse).request!;
}

async function codeFrom(address: string, n: number) {
  const mail = await mailTo(address, n);
  const code = /code to open[^:]*: (\d{6})/.exec(mail.text)?.[1];
  expect(code, 'code in the mail').toBeTruthy();
  return code!;
}

/** A recipient's own browser, its console watched as the owner's is. */
async function recipientPage(browser: Browser, guard: ConsoleGuard, phone = false) {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
      : {},
  );
  guard.watch(context);
  return { context, page: await context.newPage() };
}

/** Draws a stroke with a finger: real touch events, which Chromium turns into touch pointer events. */
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
  // Lifted while still moving, a flick: the tap on "Use this" that follows at once must still click
  // (use-ink-canvas.ts; without its touchmove handler Chromium ate that tap, 2 runs of 2).
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * Opens a mailed link, asks for the code and types it. With `exhaust`, five wrong tries first: each
 * says how many are left, the fifth needs a new code, which is then asked for and used.
 */
async function passCodeStep(page: Page, link: string, email: string, mailNumber: number, exhaust = false) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: s.codeTitle })).toBeVisible();
  // Before the code: the address masked, nothing of the document.
  await expect(page.getByText(s.codeIntro(maskEmail(email)))).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.getByText('Lease agreement')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, `code-step-${page.viewportSize()?.width}`);
  await page.getByRole('button', { name: s.sendCode }).click();
  await expect(page.getByText(m.codeSent(maskEmail(email)))).toBeVisible();
  let code = await codeFrom(email, mailNumber);
  const input = page.getByLabel(s.codeLabel);
  const confirm = page.getByRole('button', { name: s.confirm });
  if (exhaust) {
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      await input.fill(wrong);
      await confirm.click();
      await expect(page.getByText(m.codeWrong(left))).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    await input.fill(wrong);
    await confirm.click();
    await expect(page.getByText(m.codeExpired)).toBeVisible();
    await expect(confirm).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: s.sendAgain }).click();
    code = await codeFrom(email, mailNumber + 1);
  }
  await input.fill(code);
  await confirm.click();
  await expect(page.getByTestId('sign-stage')).toBeVisible();
}

test('the owner sends to two signers in order; both sign from mailed links, one on a phone; the sealed PDF holds both', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  const id = await ownerWithDocument(page);
  const ann = uniqueEmail('ann');
  const bob = uniqueEmail('bob');

  await page.goto(`/documents/${id}`);
  await page.getByRole('link', { name: documentsText.requestSignatures }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${id}/request$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.pageTitle('Lease agreement'));

  // The client's checks mirror the server's: a repeated address goes on its field.
  await fillRecipient(page, 0, 'Ann Signer', ann);
  await page.getByRole('button', { name: c.addRecipient }).click();
  await fillRecipient(page, 1, 'Bob Signer', ann.toUpperCase());
  await page.getByRole('button', { name: c.next }).click();
  const bobEmail = page.getByTestId('recipient-row').nth(1).getByLabel(c.emailLabel);
  await expect(bobEmail).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(m.recipientEmailRepeated(ann))).toBeVisible();
  await expect(bobEmail).toBeFocused();
  await bobEmail.fill(bob);
  // Said before sending: recipients get a download link, on unless the owner turns it off.
  await expect(page.getByRole('switch', { name: c.downloadLinkLabel(SHARE_LINK_TTL_DAYS) })).toBeChecked();
  await expect(page.getByText(c.downloadLinkHint)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'compose-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'compose-390');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: c.next }).click();

  // Fields: Ann signs and types on page 1; Bob signs on page 2.
  await expect(page.getByTestId('placement-stage')).toBeVisible();
  await addField(page, /Ann Signer/, 'signature');
  const annSig = page.getByTestId('request-field').first();
  await expect(annSig).toHaveAccessibleName(/Signature for Ann Signer on page 1/);
  await expectStampFootprint(annSig, FIELD_SIZES.signature);
  // Keyboard placement: the new field has the focus; Shift+ArrowUp moves it 10 points.
  const before = await annSig.boundingBox();
  await page.keyboard.press('Shift+ArrowUp');
  await expect.poll(async () => (await annSig.boundingBox())!.y).toBeLessThan(before!.y);
  await addField(page, /Ann Signer/, 'text');
  // Move the text field well below the signature, so the two do not overlap.
  await page.getByTestId('request-field').nth(1).getByTestId('field-move').focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('Shift+ArrowDown');
  await page.getByRole('button', { name: c.send }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: m.signerWithoutSignature('Bob Signer') }),
  ).toBeVisible();
  await page.getByRole('button', { name: c.nextPage }).click();
  await expect(page.getByTestId('placement-page')).toHaveText(documentMessages.pageOf(2, 2));
  await addField(page, /Bob Signer/, 'signature');
  await expect(page.getByTestId('request-field')).toHaveAccessibleName(/Signature for Bob Signer on page 2/);
  await expectNoAxeViolations(page);
  await shot(page, 'placement-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'placement-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: c.send }).click();
  await expect(page).toHaveURL(new RegExp(`/documents/${id}$`));
  const panel = page.getByTestId('request-panel');
  await expect(panel.getByTestId('request-status')).toHaveText(requestText.requestStatus.active);
  await expect(page.getByText(documentMessages.statusAwaiting).first()).toBeVisible();
  const statuses = panel.getByTestId('recipient-status');
  await expect(statuses).toHaveText([requestText.status.sent, requestText.status.waiting]);
  await expect(panel.getByTestId('audit-trail')).toContainText(auditEventLabels.created);
  // Times carry their zone, as the audit trail beside them.
  await expect(panel.getByTestId('request-recipient').first().getByRole('definition')).toHaveText(UTC_TIME);
  await expect(panel.getByTestId('download-link')).toContainText(
    requestText.downloadPlanned(SHARE_LINK_TTL_DAYS),
  );
  await expectNoAxeViolations(page);
  await shot(page, 'owner-view-1280');
  // Awaiting has its own tab and count.
  await page.goto('/documents?status=awaiting');
  await expect(page.getByRole('tab', { name: documentMessages.tabAwaiting })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('link', { name: 'Lease agreement', exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('count-awaiting').getByRole('definition')).toHaveText(/^1/);

  const { fields } = await currentRequest(page, id);
  const sigFields = fields.filter((f) => f.type === 'signature').sort((a, b) => a.page - b.page);

  // Ann, at a desk: identity code (five wrong tries use it up; a new one works), then her two fields.
  const annSide = await recipientPage(browser, consoleErrors);
  const annLink = linkIn(await mailTo(ann), '/sign/');
  consoleErrors.allow(400, CODE_CHECK);
  consoleErrors.allow(410, CODE_CHECK);
  await passCodeStep(annSide.page, annLink, ann, 2, true);
  const ap = annSide.page;
  await expect(ap.getByRole('button', { name: s.finish })).toBeDisabled();
  // The recipient sees where the stamp is printed in the signature field, as the owner placed it.
  await expectStampFootprint(
    ap.getByRole('button', { name: /^Signature field on page 1/ }),
    sigFields[0]!.rect,
  );
  await expect(ap.getByTestId('sign-progress')).toHaveText(s.progress(0, 2));
  await expectNoAxeViolations(ap);
  await shot(ap, 'sign-1280');
  await ap.getByRole('button', { name: s.nextField }).click();
  await expect(ap.getByRole('button', { name: /^Signature field on page 1/ })).toBeFocused();
  await ap.keyboard.press('Enter');
  await expect(ap.getByRole('dialog', { name: s.signatureTitle })).toBeVisible();
  await ap.getByRole('tab', { name: s.tabType }).click();
  await expect(ap.getByRole('img', { name: /Preview of "Ann Signer"/ })).toBeVisible();
  await expectNoAxeViolations(ap, DIALOGS);
  await ap.getByRole('button', { name: s.apply }).click();
  await ap.getByRole('button', { name: s.nextField }).click();
  await ap.keyboard.press('Enter');
  await ap.getByRole('dialog', { name: s.textTitle }).getByLabel(s.textLabel).fill('Acme Ltd');
  await ap.getByRole('button', { name: s.apply }).click();
  await expect(ap.getByTestId('sign-progress')).toHaveText(s.progress(2, 2));
  await ap.getByRole('button', { name: s.finish }).click();
  await expect(ap.getByRole('heading', { name: s.doneTitle })).toBeVisible(STAMPED);
  await expect(ap.getByText(m.finished)).toBeVisible();
  await expect(ap.getByText(/thank you/i)).toHaveCount(1);
  await expectNoAxeViolations(ap);
  // The used link is dead.
  consoleErrors.allow(404, DEAD_LINK);
  await ap.goto(annLink);
  await expect(ap.getByRole('heading', { name: s.deadTitle })).toBeVisible();
  await annSide.context.close();

  // Bob, on a 390 px phone, draws with his finger once Ann has finished.
  const bobSide = await recipientPage(browser, consoleErrors, true);
  const bp = bobSide.page;
  await passCodeStep(bp, linkIn(await mailTo(bob), '/sign/'), bob, 2);
  await expect(bp.getByTestId('sign-page-number')).toHaveText(documentMessages.pageOf(2, 2));
  expect(await bp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(bp);
  await shot(bp, 'sign-390');
  await bp.getByRole('button', { name: /^Signature field on page 2/ }).tap();
  await expect(bp.getByRole('dialog', { name: s.signatureTitle })).toBeVisible();
  await drawWithFinger(bp, 'sign-pad');
  await shot(bp, 'signature-dialog-390');
  await expect(bp.getByRole('button', { name: s.apply })).toBeEnabled();
  await bp.getByRole('button', { name: s.apply }).tap();
  await expect(
    bp.getByRole('button', { name: /^Signature field on page 2, required, filled in/ }),
  ).toBeVisible();
  await bp.getByRole('button', { name: s.finish }).tap();
  await expect(bp.getByText(m.finishedLast)).toBeVisible(STAMPED);
  await bobSide.context.close();

  // The owner sees it completed; the sealed file passes pdfsig and qpdf, with both stamps and the audit page.
  await expect
    .poll(async () => (await currentRequest(page, id)).status, { timeout: 60_000 })
    .toBe('completed');
  await page.goto(`/documents/${id}`);
  await expect(page.getByTestId('request-status')).toHaveText(requestText.requestStatus.completed);
  await expect(page.getByText(documentMessages.statusCompleted).first()).toBeVisible();
  // The recipients' download link, with its expiry, turned off by the owner: Bob's then answers as dead.
  const bobDownload = new URL(linkIn(await mailTo(bob, 3), '/shared/')).pathname.split('/').pop();
  const downloadLink = page.getByTestId('download-link');
  await expect(downloadLink.getByRole('heading')).toHaveText(requestText.downloadTitle);
  await expect(downloadLink).toContainText(/work until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  await downloadLink.getByRole('button', { name: requestText.turnOffLabel }).click();
  const turnOff = page.getByRole('alertdialog', { name: requestText.turnOffTitle });
  await expect(turnOff).toContainText(requestText.turnOffLive);
  await expectNoAxeViolations(page, DIALOGS);
  await turnOff.getByRole('button', { name: requestText.turnOff }).click();
  await expect(downloadLink).toContainText(requestText.downloadRevoked);
  expect((await page.request.get(`/api/shared/${bobDownload}`)).status()).toBe(404);
  const final = Buffer.from(await (await page.request.get(`/api/documents/${id}/download`)).body());
  expect(final.subarray(0, 5).toString()).toBe('%PDF-');
  const sig = await pdfsig(final);
  expect(sig).toMatch(/Signature is Valid/);
  expect(sig).not.toMatch(/Signature is Invalid/);
  expect(await qpdfCheck(final)).toContain('No syntax or stream encoding errors found');
  const verify = /\/verify-signature\?/;
  expect(sigFields.map((f) => f.page)).toEqual([1, 2]);
  // One stamp on each page, read at 150 dpi as a phone would from a print-out (zbarimg).
  const onPages = [await allQrs(final, 1), await allQrs(final, 2)];
  expect(onPages.map((codes) => codes.length)).toEqual([1, 1]);
  const stamps = onPages.map((codes) => codes[0]);
  for (const url of stamps) expect(url).toMatch(verify);
  expect(stamps[0]).not.toBe(stamps[1]);
  const audit = await pdftotext(final, 3);
  for (const text of [
    'Ann Signer',
    'Bob Signer',
    ann,
    bob,
    auditEventLabels.signed,
    auditEventLabels['code-verified'],
  ])
    expect(audit).toContain(text);
});

test('a recipient declines with a reason: the owner sees why, the document is pending again, the link is dead', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const id = await ownerWithDocument(page, 'Offer letter');
  const dee = uniqueEmail('dee');
  await page.goto(`/documents/${id}/request`);
  await fillRecipient(page, 0, 'Dee Cliner', dee);
  await page.getByRole('switch', { name: c.requireCodeLabel }).click();
  await page.getByRole('button', { name: c.next }).click();
  await addField(page, /Dee Cliner/, 'signature');
  await page.getByRole('button', { name: c.send }).click();
  await expect(page.getByTestId('request-status')).toHaveText(requestText.requestStatus.active);

  const { context, page: dp } = await recipientPage(browser, consoleErrors, true);
  const link = linkIn(await mailTo(dee), '/sign/');
  await dp.goto(link);
  // No code asked: the document shows at once.
  await expect(dp.getByTestId('sign-stage')).toBeVisible();
  await dp.getByRole('button', { name: s.decline }).tap();
  const dialog = dp.getByRole('alertdialog', { name: s.declineTitle });
  await dialog.getByRole('button', { name: s.declineConfirm }).tap();
  await expect(dialog.getByText(m.reasonRequired)).toBeVisible();
  await expectNoAxeViolations(dp, DIALOGS);
  await dialog.getByLabel(s.reasonLabel).fill('The salary is wrong.');
  await dialog.getByRole('button', { name: s.declineConfirm }).tap();
  await expect(dp.getByText(m.declined)).toBeVisible();
  await expectNoAxeViolations(dp);
  consoleErrors.allow(404, DEAD_LINK);
  await dp.goto(link);
  await expect(dp.getByRole('heading', { name: s.deadTitle })).toBeVisible();
  await expect(dp.getByText(s.deadWhy)).toBeVisible();
  await expect(dp.getByText(s.deadNext)).toBeVisible();
  await expectNoAxeViolations(dp);
  await shot(dp, 'dead-link-390');
  await context.close();

  // No reload: the owner's page, left open, asks again while the request is active, and the
  // document's own status follows when the request ends.
  await expect(page.getByTestId('request-status')).toHaveText(requestText.requestStatus.declined, {
    timeout: REQUEST_POLL_MS + 10_000,
  });
  await expect(page.getByTestId('request-recipient').getByText('The salary is wrong.')).toBeVisible();
  await expect(page.getByText(documentMessages.statusPending).first()).toBeVisible();
  await expect(page.getByRole('link', { name: documentsText.requestSignatures })).toBeVisible();
});

test('the owner resends a link (the old one dies) and cancels the request (every link dies)', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const id = await ownerWithDocument(page, 'Board minutes');
  const [eve, fay] = [uniqueEmail('eve'), uniqueEmail('fay')];
  await page.goto(`/documents/${id}/request`);
  await fillRecipient(page, 0, 'Eve Parallel', eve);
  await page.getByRole('button', { name: c.addRecipient }).click();
  await fillRecipient(page, 1, 'Fay Parallel', fay);
  await page.getByRole('radio', { name: c.orderParallel }).check();
  await page.getByRole('switch', { name: c.requireCodeLabel }).click();
  await page.getByRole('button', { name: c.next }).click();
  await addField(page, /Eve Parallel/, 'signature');
  await addField(page, /Fay Parallel/, 'signature');
  await page.getByRole('button', { name: c.send }).click();
  const panel = page.getByTestId('request-panel');
  await expect(panel.getByTestId('recipient-status')).toHaveText([
    requestText.status.sent,
    requestText.status.sent,
  ]);

  const first = linkIn(await mailTo(eve), '/sign/');
  await panel.getByRole('button', { name: requestText.resendFor('Eve Parallel') }).click();
  await expect(page.locator('li.toast').filter({ hasText: m.resent('Eve Parallel') })).toBeVisible();
  const second = linkIn(await mailTo(eve, 2), '/sign/');
  expect(second).not.toBe(first);
  await panel.getByRole('button', { name: requestText.remindFor('Fay Parallel') }).click();
  await expect(page.locator('li.toast').filter({ hasText: m.reminded('Fay Parallel') })).toBeVisible();

  const { context, page: ep } = await recipientPage(browser, consoleErrors);
  consoleErrors.allow(404, DEAD_LINK);
  await ep.goto(first);
  await expect(ep.getByRole('heading', { name: s.deadTitle })).toBeVisible();
  await ep.goto(second);
  await expect(ep.getByTestId('sign-stage')).toBeVisible();

  await panel.getByRole('button', { name: requestText.cancel }).click();
  const confirm = page.getByRole('alertdialog', { name: requestText.cancelTitle });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, DIALOGS);
  await confirm.getByRole('button', { name: requestText.cancelConfirm }).click();
  await expect(panel.getByTestId('request-status')).toHaveText(requestText.requestStatus.cancelled);
  await expect(page.getByText(documentMessages.statusPending).first()).toBeVisible();
  await expect(panel.getByTestId('audit-trail')).toContainText(auditEventLabels.cancelled);

  for (const link of [second, linkIn(await mailTo(fay), '/sign/')]) {
    await ep.goto(link);
    await expect(ep.getByRole('heading', { name: s.deadTitle })).toBeVisible();
  }
  await context.close();
});

test('the owner includes themself and, signed in with the same address, signs with a saved signature', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await ownerWithDocument(page, 'Own contract', true);
  const me = (await (await page.request.get('/api/user')).json()) as { email: string };
  await page.goto(`/documents/${id}/request`);
  await page.getByRole('button', { name: c.includeMyself }).click();
  await expect(page.getByTestId('recipient-row').first().getByLabel(c.emailLabel)).toHaveValue(me.email);
  await page.getByTestId('recipient-row').first().getByLabel(c.nameLabel).fill('Ola Owner');
  await page.getByRole('switch', { name: c.requireCodeLabel }).click();
  await page.getByRole('button', { name: c.next }).click();
  await addField(page, /Ola Owner/, 'signature');
  await page.getByRole('button', { name: c.send }).click();
  await expect(page.getByTestId('request-status')).toHaveText(requestText.requestStatus.active);

  // Mail 1 confirmed the sign-up; mail 2 is the request.
  await page.goto(linkIn(await mailTo(me.email, 2), '/sign/'));
  await page.getByRole('button', { name: /^Signature field on page 1/ }).click();
  await page.getByRole('tab', { name: s.tabSaved }).click();
  await page.getByRole('button', { name: s.useSaved('Ola Owner') }).click();
  await page.getByRole('button', { name: s.apply }).click();
  await page.getByRole('button', { name: s.finish }).click();
  await expect(page.getByText(m.finishedLast)).toBeVisible(STAMPED);
  await expect
    .poll(async () => (await currentRequest(page, id)).status, { timeout: 60_000 })
    .toBe('completed');
  await page.goto('/documents?status=completed');
  await expect(page.getByRole('link', { name: 'Own contract', exact: true })).toBeVisible();
});
