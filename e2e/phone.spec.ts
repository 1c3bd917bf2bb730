import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fieldTypeLabels } from '../src/shared/requests/messages.ts';
import { documentsText } from '../src/web/features/documents/messages.ts';
import { composeText as c } from '../src/web/features/requests/messages.ts';
import { signText as s } from '../src/web/features/sign/messages.ts';
import { expectNoAxeViolations, linkIn, mailTo, ownerWithPdf, uniqueEmail } from './support.ts';

/** A 390 px phone, used with a finger. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

/** Screenshots to look at by eye: what the phone's screen shows. */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A finger pressed at one point, moved in steps to another and lifted (real touch events). */
async function dragWithFinger(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const at = (f: number) => [{ x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 10; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / 10) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const centre = (box: { x: number; y: number; width: number; height: number }) => ({
  x: box.x + box.width / 2,
  y: box.y + box.height / 2,
});

/**
 * The texts an element or any element in it cuts: its content wider or taller than the box that
 * clips it (an ellipsis, a line taller than the field). Boxes of a pixel or less are skipped: they
 * hide text on purpose, for screen readers only.
 */
const cutTexts = (el: Locator) =>
  el.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((e) => getComputedStyle(e).overflow !== 'visible')
      // the element that holds the text itself: a box's frame may clip its dashed stamp outline
      .filter((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()))
      .filter((e) => e.getBoundingClientRect().width > 1)
      .filter((e) => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight)
      .map(
        (e) => `${e.textContent} (${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight})`,
      ),
  );

test('on a phone the owner taps a chosen field onto the page, resizes it by its handle and reads its whole label', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { id } = await ownerWithPdf(page);
  await page.goto(`/documents/${id}/request`);
  const row = page.getByTestId('recipient-row').first();
  await row.getByLabel(c.nameLabel).fill('Ann Signer');
  await row.getByLabel(c.emailLabel).fill(uniqueEmail('ann'));
  await page.getByRole('button', { name: c.next }).tap();
  const stage = page.getByTestId('placement-stage');
  await expect(stage).toBeVisible();

  // Choose a date field, then tap the page where it goes.
  const addDate = page.getByRole('button', { name: c.addField(fieldTypeLabels.date) });
  await addDate.tap();
  await expect(addDate).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('request-field')).toHaveCount(0);
  await stage.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await shot(page, 'placement-390-choosing');
  const area = (await stage.boundingBox())!;
  const tapAt = { x: Math.round(area.x + area.width * 0.35), y: Math.round(area.y + area.height * 0.4) };
  await page.touchscreen.tap(tapAt.x, tapAt.y);
  const field = page.getByTestId('request-field');
  await expect(field).toHaveCount(1);
  await expect(field).toHaveAccessibleName(/^Date for Ann Signer on page 1/);
  await expect(addDate).toHaveAttribute('aria-pressed', 'false');
  const placed = (await field.boundingBox())!;
  expect(Math.abs(centre(placed).x - tapAt.x)).toBeLessThanOrEqual(1.5);
  expect(Math.abs(centre(placed).y - tapAt.y)).toBeLessThanOrEqual(1.5);

  // Its buttons lie outside the small field: a finger reaches all of the field, and each button
  // is at least 24 px square.
  const move = field.getByTestId('field-move');
  for (const part of ['field-resize', 'field-remove']) {
    const b = (await field.getByTestId(part).boundingBox())!;
    expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(24);
    const apart =
      b.x >= placed.x + placed.width ||
      b.x + b.width <= placed.x ||
      b.y >= placed.y + placed.height ||
      b.y + b.height <= placed.y;
    expect(apart, `${part} beside the field, not on it`).toBe(true);
  }

  // Its label says what it is, in full and uncut, at any size.
  await expect(move).toHaveText(`${fieldTypeLabels.date} *`);
  expect(await cutTexts(field)).toEqual([]);
  await expect(move).toHaveAccessibleName(/Date for Ann Signer/);

  // Resize with a finger on the corner handle.
  const handle = centre((await field.getByTestId('field-resize').boundingBox())!);
  await dragWithFinger(page, handle, { x: handle.x + 60, y: handle.y + 16 });
  await expect
    .poll(async () => {
      const b = (await field.boundingBox())!;
      return [Math.round(b.width - placed.width), Math.round(b.height - placed.height)];
    })
    .toEqual([60, 16]);
  const resized = (await field.boundingBox())!;
  expect([Math.round(resized.x), Math.round(resized.y)]).toEqual([
    Math.round(placed.x),
    Math.round(placed.y),
  ]);

  await expect(move).toContainText(`${fieldTypeLabels.date} *`);
  expect(await cutTexts(field)).toEqual([]);

  // A signature at its usual size keeps its whole name too.
  await page.getByRole('button', { name: c.addField(fieldTypeLabels.signature) }).tap();
  await stage.scrollIntoViewIfNeeded();
  const area2 = (await stage.boundingBox())!;
  await page.touchscreen.tap(area2.x + area2.width * 0.5, area2.y + area2.height * 0.75);
  const signature = page.getByTestId('request-field').nth(1);
  await expect(signature).toHaveAccessibleName(/^Signature for Ann Signer/);
  await expect(signature.getByTestId('field-move')).toContainText(`${fieldTypeLabels.signature} *`);
  expect(await cutTexts(signature)).toEqual([]);
  await expectNoAxeViolations(page);
  await stage.scrollIntoViewIfNeeded();
  await shot(page, 'placement-390');
});

test("on a phone the owner's viewer opens at the width of the page", async ({ page }) => {
  const { id } = await ownerWithPdf(page);
  await page.goto(`/documents/${id}`);
  const region = page.getByRole('region', { name: documentsText.pageRegion });
  const canvas = region.getByRole('img', { name: documentsText.pageImage(1, 1) });
  await expect(canvas).toBeVisible();
  await expect.poll(() => canvas.evaluate((e) => e.getBoundingClientRect().width)).toBeGreaterThan(200);
  const sizes = await region.evaluate((e) => ({
    scroll: e.scrollWidth,
    client: e.clientWidth,
    canvas: e.querySelector('canvas')!.getBoundingClientRect().width,
  }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
  expect(sizes.canvas).toBeLessThanOrEqual(sizes.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await region.scrollIntoViewIfNeeded();
  await shot(page, 'viewer-390');
});

test("on a phone the recipient's date and text fields show their whole text", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { id, csrf } = await ownerWithPdf(page);
  const email = uniqueEmail('rita');
  const rect = (y: number, width: number, height: number) => ({ x: 60, y, width, height });
  const created = await page.request.post(`/api/documents/${id}/requests`, {
    headers: { 'x-csrf-token': csrf },
    data: {
      recipients: [{ name: 'Rita Recipient', email }],
      requireCode: false,
      fields: [
        { recipient: 0, type: 'signature', page: 1, rect: rect(100, 180, 80) },
        { recipient: 0, type: 'date', page: 1, rect: rect(200, 100, 24) },
        { recipient: 0, type: 'text', page: 1, rect: rect(260, 180, 24) },
        { recipient: 0, type: 'name', page: 1, rect: rect(320, 160, 24) },
      ],
    },
  });
  expect(created.status()).toBe(201);

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  const rp = await phone.newPage();
  await rp.goto(linkIn(await mailTo(email), '/sign/'));
  await expect(rp.getByTestId('sign-stage')).toBeVisible();
  const fields = rp.getByTestId('sign-field');
  await expect(fields).toHaveCount(4);
  await rp.getByTestId('sign-stage').scrollIntoViewIfNeeded();
  await shot(rp, 'sign-fields-390');

  const today = new Date().toISOString().slice(0, 10);
  const expected = [`${s.tapToFill.signature} *`, today, `${s.tapToFill.text} *`, 'Rita Recipient'];
  for (const [i, text] of expected.entries()) {
    const f = fields.nth(i);
    await expect(f).toContainText(text);
    expect(await cutTexts(f), `field ${i}`).toEqual([]);
  }

  // A typed text shrinks to its box as well.
  await fields.nth(2).tap();
  const dialog = rp.getByRole('dialog', { name: s.textTitle });
  await dialog.getByLabel(s.textLabel).fill('Acme Holdings International Ltd');
  await dialog.getByRole('button', { name: s.apply }).tap();
  await expect(fields.nth(2)).toContainText('Acme Holdings International Ltd');
  expect(await cutTexts(fields.nth(2))).toEqual([]);
  await expectNoAxeViolations(rp);
  await rp.getByTestId('sign-stage').scrollIntoViewIfNeeded();
  await shot(rp, 'sign-fields-390-typed');
  await phone.close();
});
