import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { pruneOldAssets } from './vite-keep-assets.ts';

const DAY = 86_400_000;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function outDir(files: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-assets-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const f of files) fs.writeFileSync(path.join(dir, f), f);
  return dir;
}
const present = (dir: string) => fs.readdirSync(path.join(dir, 'assets')).sort();

test('a build keeps the previous build and its companions, then drops them a week after they were last built', () => {
  const dir = outDir([
    'assets/page-a1.js',
    'assets/page-a1.js.br',
    'assets/page-a1.js.gz',
    'assets/page-a1.js.map',
  ]);
  const t0 = Date.UTC(2026, 0, 1);
  pruneOldAssets(dir, ['assets/page-a1.js', 'assets/page-a1.js.map', 'index.html'], t0, 7 * DAY);

  // The next build renames the chunk; the old one is still there for pages opened before the deploy.
  fs.writeFileSync(path.join(dir, 'assets/page-b2.js'), 'b');
  const second = pruneOldAssets(dir, ['assets/page-b2.js'], t0 + 3 * DAY, 7 * DAY);
  expect(second.removed).toEqual([]);
  expect(present(dir)).toEqual([
    'page-a1.js',
    'page-a1.js.br',
    'page-a1.js.gz',
    'page-a1.js.map',
    'page-b2.js',
  ]);

  // Eight days after the last build that produced it, the old chunk and its companions go.
  const third = pruneOldAssets(dir, ['assets/page-b2.js'], t0 + 8 * DAY, 7 * DAY);
  expect(third.removed.sort()).toEqual([
    'assets/page-a1.js',
    'assets/page-a1.js.br',
    'assets/page-a1.js.gz',
    'assets/page-a1.js.map',
  ]);
  expect(present(dir)).toEqual(['page-b2.js']);
});

test('an asset rebuilt under the same name is kept however old its first build', () => {
  const dir = outDir(['assets/shared-c3.js']);
  const t0 = Date.UTC(2026, 0, 1);
  pruneOldAssets(dir, ['assets/shared-c3.js'], t0, 7 * DAY);
  pruneOldAssets(dir, ['assets/shared-c3.js'], t0 + 30 * DAY, 7 * DAY);
  expect(pruneOldAssets(dir, ['assets/shared-c3.js'], t0 + 36 * DAY, 7 * DAY).removed).toEqual([]);
  expect(present(dir)).toEqual(['shared-c3.js']);
});

test('assets from before the ledger existed, or with a damaged ledger, are kept on that build', () => {
  const dir = outDir(['assets/old-d4.js']);
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite/assets-ledger.json'), '{not json');
  const t0 = Date.UTC(2026, 0, 1);
  expect(pruneOldAssets(dir, [], t0, 7 * DAY).removed).toEqual([]);
  expect(pruneOldAssets(dir, [], t0 + 8 * DAY, 7 * DAY).removed).toEqual(['assets/old-d4.js']);
});
