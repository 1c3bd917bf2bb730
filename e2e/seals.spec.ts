import { expect, test, type Page } from '@playwright/test';
import { fromBase32, toBase32 } from '../src/shared/seals/base32.ts';
import { sealFailureMessages, sealMessages } from '../src/shared/seals/messages.ts';
import { signatureMessages as m } from '../src/shared/signatures/messages.ts';
import { sealText, verifyText as t } from '../src/web/features/verification/messages.ts';
import { diagnosticsText as diagnostics } from '../src/web/features/admin/messages/diagnostics.ts';
import { expectNoAxeViolations, logInAsAdmin, savedSignaturePng } from './support.ts';

const sealCard = (page: Page) => page.getByTestId('seal-card');

/** No answer from the server, and what it last said of the reference, with its time: valid. */
async function expectLastKnownStatus(page: Page) {
  const notice = page.getByTestId('server-unreachable');
  await expect(notice).toContainText(t.unreachableTitle);
  await expect(notice).toHaveAttribute('data-status', 'valid');
  // "…, as the server answered this device on {a date and time}."
  const [before] = t.unreachableLastStatus(t.lastStatus.valid, '|').split('|');
  await expect(notice).toContainText(new RegExp(`${before}.*\\d{4}`));
}

test('offline: after one visit, a scanned QR code of a saved signature is proven in flight mode', async ({
  page,
  context,
}) => {
  const { png, link, reference } = await savedSignaturePng(page);
  const origin = new URL(link).origin;

  // The code scanned once online: the page keeps the server's answer with its time.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: t.resultTitle })).toBeVisible();

  // One visit online: the page registers its worker, which keeps the page, its files and the keys.
  await page.goto('/verify-signature');
  await page.waitForFunction(
    async () => {
      if (!navigator.serviceWorker.controller) return false;
      if (document.documentElement.dataset.offline !== 'ready') return false;
      const cache = await caches.open('inkproof-verify-v1');
      const kept = (await cache.keys()).map((r) => new URL(r.url).pathname);
      return kept.includes('/.well-known/inkproof/keys.json') && kept.some((p) => p.startsWith('/assets/'));
    },
    undefined,
    { timeout: 20_000 },
  );
  // and the QR decoder, loaded once the page is idle
  await page
    .waitForFunction(
      async () => {
        const cache = await caches.open('inkproof-verify-v1');
        return (
          (await cache.keys()).length >= 4 &&
          performance.getEntriesByType('resource').some((e) => /jsqr|decode/i.test(e.name))
        );
      },
      undefined,
      { timeout: 20_000 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(500);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: m.verifyTitle, level: 1 })).toBeVisible();
  await page
    .getByLabel(t.dropLabel)
    .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText(t.foundInQr(reference))).toBeVisible();
  const card = sealCard(page);
  await expect(card.getByTestId('seal-proven')).toContainText(sealMessages.proven(origin, '').trim());
  await expect(card.getByText('Ada Lovelace')).toBeVisible();
  await expect(card.getByText(reference)).toBeVisible();
  await expect(card.getByTestId('seal-offline')).toContainText(/^Offline: checked with the issuer’s keys/);
  // Offline, the server's last answer for this reference, with its time.
  await expectLastKnownStatus(page);
  // the check's time is shown; what it takes is a figure of `npm run bench -- seals`
  expect(Number(await card.getByTestId('seal-ms').getAttribute('data-ms'))).toBeGreaterThanOrEqual(0);
  await page.screenshot({ path: '/tmp/seal-offline.png', fullPage: true });
  await context.setOffline(false);
});

test('offline, a sealed link opened again shows what its seal proves and the last known status, never “Not verified”', async ({
  page,
  context,
}) => {
  const { link } = await savedSignaturePng(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: t.resultTitle })).toBeVisible();
  // The page's worker keeps the page, every file it loaded and the key set.
  await page.waitForFunction(
    async () => {
      if (!navigator.serviceWorker.controller) return false;
      if (document.documentElement.dataset.offline !== 'ready') return false;
      const kept = new Set(
        (await (await caches.open('inkproof-verify-v1')).keys()).map((r) => new URL(r.url).pathname),
      );
      const loaded = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
        .map((u) => u.pathname);
      return kept.has('/.well-known/inkproof/keys.json') && loaded.every((p) => kept.has(p));
    },
    undefined,
    { timeout: 20_000 },
  );

  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto(link);
  await offline.reload();
  await expect(sealCard(offline).getByTestId('seal-proven')).toBeVisible();
  await expectLastKnownStatus(offline);
  // No answer is not a failure: nothing says the signature is not verified.
  await expect(offline.getByRole('heading', { name: t.failedTitle })).toHaveCount(0);
  await expectNoAxeViolations(offline);
  await offline.screenshot({ path: '/tmp/seal-offline-link.png', fullPage: true });
  await context.setOffline(false);
});

test('online: a sealed link shows what the seal proves apart from the server, with its log entry', async ({
  page,
}) => {
  const { link } = await savedSignaturePng(page);
  await page.waitForTimeout(3500); // the next signed tree head covers the new leaf
  await page.goto(link);
  const card = sealCard(page);
  await expect(card.getByTestId('seal-proven')).toBeVisible();
  await expect(card.getByTestId('seal-log')).toContainText('In the public log: entry');
  await expect(page.getByRole('heading', { name: t.resultTitle })).toBeVisible();
  await page.screenshot({ path: '/tmp/seal-online.png', fullPage: true });
  await expectNoAxeViolations(page);
});

test('every bad seal is “not proven” with its reason, never a crash', async ({ page }) => {
  const { link } = await savedSignaturePng(page);
  const [bare, token] = link.split('#') as [string, string];
  const bytes = fromBase32(token)!;
  const flip = (i: number) => {
    const b = Uint8Array.from(bytes);
    b[i]! ^= 0x01;
    return toBase32(b);
  };
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const cases: [string, keyof typeof sealFailureMessages][] = [
    [`${bare}#${flip(bytes.length - 1)}`, 'bad-signature'],
    [`${bare}#${flip(3)}`, 'unknown-key'],
    [`${bare}#${toBase32(bytes.slice(0, 60))}`, 'truncated'],
    [`${bare}#${token}AA`, 'malformed'],
    [`${bare.replace('Ada+Lovelace', 'Eve')}#${token}`, 'bad-signature'],
    [`${new URL(bare).origin}/verify-signature?document=DOC-20260101-ABCDEFGH#${token}`, 'wrong-kind'],
  ];
  for (const [url, reason] of cases) {
    await page.goto('/');
    await page.goto(url);
    const why = sealCard(page).getByTestId('seal-reason');
    await expect(why, url).toHaveAttribute('data-reason', reason);
    await expect(why).toHaveText(sealFailureMessages[reason]);
    await expect(sealCard(page).getByRole('heading', { name: sealMessages.notProven })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test('the service worker stays on the verification page and never answers for the app', async ({ page }) => {
  await page.goto('/verify-signature');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(new URL(scope!).pathname).toBe('/verify-signature');
  await page.goto('/');
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(sealText.title).toBeTruthy();
});

test('an admin rotates the seal key on Diagnostics; the old key stays published', async ({ page }) => {
  await logInAsAdmin(page);
  const before = (await (await page.request.get('/.well-known/inkproof/keys.json')).json()) as {
    keys: { kid: string; status: string }[];
  };
  await page.goto('/admin/debug-settings');
  const section = page.getByRole('region', { name: diagnostics.sealsTitle });
  const oldKid = before.keys.find((k) => k.status === 'active')!.kid;
  await expect(section).toContainText(oldKid);
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: diagnostics.sealsRotate }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByText(diagnostics.sealsRotateTitle)).toBeVisible();
  await dialog.getByRole('button', { name: diagnostics.sealsRotate }).click();
  await expect(section).not.toContainText(oldKid);
  const after = (await (await page.request.get('/.well-known/inkproof/keys.json')).json()) as {
    keys: { kid: string; status: string }[];
  };
  expect(after.keys.map((k) => k.kid)).toContain(oldKid);
  expect(after.keys.find((k) => k.status === 'active')!.kid).not.toBe(oldKid);
  await page.screenshot({ path: '/tmp/seal-rotate.png', fullPage: true });
});
