import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { EARLY_CLICKS } from '../src/shared/early-actions-script.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';
import { CHROME_FLAGS, CHROMIUM } from './lib.ts';

/**
 * Taps lost before the app takes over, on a throttled phone: each try opens a page in a fresh
 * 390x844 touch context (CPU 4x slower, a "Fast 3G" network), taps the page's main control the
 * moment it is visible, and checks once the app runs whether the tap did what it should.
 * The verification page paints from the server's HTML, so its controls are visible before its
 * code runs: there it is measured with the early-actions script and with the script's list
 * hidden from the app (as if the script were not there). The other pages render from the app
 * alone. `node --import tsx bench/early-clicks.ts` after `npm run build`.
 */
const TRIES = Number(process.env.BENCH_EARLY_TRIES ?? 10);
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

interface Case {
  name: string;
  path: string;
  /** The control tapped the moment it is visible. */
  control: (page: Page) => Locator;
  /** Whether the tap did its work once the app runs. */
  worked: (page: Page) => Promise<boolean>;
  /** Hide the early-actions script's list from the app. */
  withoutScript?: boolean;
}

const settled = (page: Page) =>
  page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);

const menuOpened = async (page: Page) => {
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 60_000 });
  await settled(page);
  return (await page.locator('[data-early-click="menu"]').getAttribute('aria-expanded')) === 'true';
};

const cases: Case[] = [
  {
    name: 'verification page, menu, with the script',
    path: '/verify-signature',
    control: (page) => page.locator('[data-early-click="menu"]'),
    worked: menuOpened,
  },
  {
    name: 'verification page, menu, without the script',
    path: '/verify-signature',
    control: (page) => page.locator('[data-early-click="menu"]'),
    worked: menuOpened,
    withoutScript: true,
  },
  {
    name: 'home page, Create a signature',
    path: '/',
    control: (page) => page.locator('main a[href="/signature"]').first(),
    worked: async (page) =>
      page.waitForURL('**/signature', { timeout: 30_000 }).then(
        () => true,
        () => false,
      ),
  },
  {
    name: 'creator, second tab',
    path: '/signature',
    control: (page) => page.getByRole('tab').nth(1),
    worked: async (page) =>
      page
        .locator('[role="tab"][aria-selected="true"]')
        .first()
        .waitFor({ timeout: 30_000 })
        .then(async () => (await page.getByRole('tab').nth(1).getAttribute('aria-selected')) === 'true'),
  },
  {
    name: 'sign-in page, Sign In with empty fields',
    path: '/auth',
    control: (page) => page.locator('form button[type="submit"]').first(),
    worked: async (page) =>
      page
        .getByRole('alert')
        .first()
        .waitFor({ timeout: 30_000 })
        .then(
          () => true,
          () => false,
        ),
  },
];

async function once(browser: Browser, base: string, c: Case) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 3,
  });
  if (c.withoutScript)
    await context.addInitScript(`Object.defineProperty(window, ${JSON.stringify(EARLY_CLICKS)}, {
      get: function () { return undefined; }, set: function () {}, configurable: false });`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  try {
    const started = Date.now();
    await page.goto(`${base}${c.path}`, { waitUntil: 'commit' });
    const control = c.control(page);
    await control.waitFor({ state: 'visible', timeout: 60_000 });
    const visibleAt = Date.now() - started;
    await control.tap({ timeout: 60_000 });
    const worked = await c.worked(page);
    return { worked, visibleAt };
  } finally {
    await context.close();
  }
}

export async function benchEarlyClicks() {
  if (!fs.existsSync('dist/web/index.html') || !fs.existsSync('dist/server/main.js')) {
    console.log('\n## early taps: skipped, run `npm run build` first');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-early-'));
  const app = await startServerProcess({ DATA_DIR: dir, LOG_LEVEL: 'warn' }, { from: 'compiled' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    console.log(`\n## taps lost before the app takes over (390x844 touch, CPU 4x, Fast 3G), ${TRIES} tries`);
    for (const c of cases) {
      let lost = 0;
      const visible: number[] = [];
      for (let i = 0; i < TRIES; i++) {
        const { worked, visibleAt } = await once(browser, app.base, c);
        if (!worked) lost++;
        visible.push(visibleAt);
      }
      visible.sort((a, b) => a - b);
      const median = visible[Math.floor(visible.length / 2)]!;
      console.log(`${c.name}: ${lost}/${TRIES} lost (control visible after ${median} ms, median)`);
    }
  } finally {
    await browser.close();
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEarlyClicks();
