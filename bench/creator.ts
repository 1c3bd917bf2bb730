import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startServerProcess } from '../src/server/test/server-process.ts';
import { CHROME_FLAGS, CHROMIUM } from './lib.ts';

const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 5);
const FORMATS = [
  ['png', 'PNG image'],
  ['svg', 'SVG (vector)'],
] as const;

async function draw(page: Page) {
  const box = (await page.getByTestId('signature-pad').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) {
    await page.mouse.move(
      box.x + box.width * (0.15 + i * 0.022),
      box.y + box.height * (0.6 - Math.sin(i / 3) * 0.25),
    );
  }
  await page.mouse.up();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Time to produce the combined signature + QR + caption image in the browser, as PNG
 * and as vector SVG (the creator records a performance measure around each export). Needs the
 * built web app (`npm run build`) and Debian's chromium.
 */
export async function benchCreator() {
  if (!fs.existsSync('dist/web/index.html')) {
    console.log('\n## creator exports: skipped, run `npm run build` first');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-creator-'));
  const app = await startServerProcess({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${app.base}/create`);
    await draw(page);
    await page.getByLabel("Signer's Name").fill('Bench Signer');
    await page.getByRole('tab', { name: /Preview/ }).click();
    await page.getByTestId('qr-code').waitFor();
    console.log('\n## creator exports in the browser, drawn signature, median of', RUNS);
    for (const [format, label] of FORMATS) {
      for (let i = 0; i < RUNS; i++) {
        await Promise.all([
          page.waitForEvent('download'),
          (async () => {
            await page.getByRole('button', { name: 'Download', exact: true }).click();
            await page.getByRole('menuitem', { name: label }).click();
          })(),
        ]);
      }
      const times = await page.evaluate(
        (name) => performance.getEntriesByName(name).map((e) => e.duration),
        `inkproof:export:${format}`,
      );
      console.log(
        `combined ${format.toUpperCase().padEnd(4)} median ${median(times).toFixed(1)} ms  (runs: ${times.map((t) => t.toFixed(0)).join(', ')})`,
      );
    }
  } finally {
    await browser.close();
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
