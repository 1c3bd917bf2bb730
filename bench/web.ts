import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { QUERY_PROVIDER_SRC, routeTable } from '../scripts/vite-route-preload.ts';
import { lighthouseRuns } from './web-lighthouse.ts';

const WEB_ROOT = process.env.BENCH_WEB_ROOT ?? 'dist/web';
/** Gzip JS before usable: the home page's budget, and that of the pages people open most. */
const JS_BUDGET_KB: Record<string, number> = {
  '/': 100,
  '/verify-signature': 100,
  '/auth': 100,
  '/signature': 110,
  '/about': 100,
};

/** The public pages measured, by route (their lazy chunks are found through src/web/routes.tsx). */
const PUBLIC_PAGES = [
  '/',
  '/signature',
  '/verify-signature',
  '/about',
  '/use-cases',
  '/blog',
  '/blog/:slug',
  '/temp-download',
  '/privacy',
  '/auth',
];

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

const gzipKb = (file: string) =>
  gzipSync(fs.readFileSync(path.join(WEB_ROOT, file)), { level: 9 }).length / 1024;

export interface PageWeight {
  route: string;
  jsKb: number;
  cssKb: number;
  files: number;
}

/**
 * Gzip size of the JS and CSS each public page needs before it is usable: entry + its imports + the
 * page's chunk + its imports (+ the query client provider's, for pages that use it).
 */
export function pageWeights(): PageWeight[] {
  const manifestPath = path.join(WEB_ROOT, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`No ${manifestPath}: run \`npm run build\` first`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('The manifest names no entry chunk');
  const routes = new Map(
    routeTable(fs.readFileSync('src/web/routes.tsx', 'utf8')).map((r) => [r.path, r] as const),
  );
  return PUBLIC_PAGES.map((route) => {
    const src = routes.get(route)?.src;
    if (!src || !manifest[src]) throw new Error(`No lazy chunk for ${route} (${src ?? 'not in routes.tsx'})`);
    const keys = closure(manifest, src, closure(manifest, entry));
    // A page that uses the query client renders inside its provider, which loads beside it.
    if (routes.get(route)!.queries) closure(manifest, QUERY_PROVIDER_SRC, keys);
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      js.add(manifest[key]!.file);
      for (const file of manifest[key]!.css ?? []) css.add(file);
    }
    const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0);
    return { route, jsKb: sum(js), cssKb: sum(css), files: js.size + css.size };
  });
}

export async function benchWeb() {
  console.log(`\nweb: gzip JS and CSS each public page needs before it is usable (${WEB_ROOT})`);
  let weights: PageWeight[];
  try {
    weights = pageWeights();
  } catch (error) {
    return console.log(`  skipped: ${(error as Error).message}`);
  }
  for (const w of weights) {
    const budget = JS_BUDGET_KB[w.route];
    const flag = budget === undefined ? '' : `  (goal < ${budget} KB: ${w.jsKb < budget ? 'met' : 'MISSED'})`;
    console.log(
      `${w.route.padEnd(20)} JS ${w.jsKb.toFixed(1).padStart(6)} KB  CSS ${w.cssKb.toFixed(1).padStart(5)} KB  ${String(w.files).padStart(2)} files${flag}`,
    );
  }
  await lighthouseRuns(WEB_ROOT);
}
