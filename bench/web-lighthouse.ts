import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../src/server/test/server-process.ts';
import { CHROME_FLAGS, CHROMIUM } from './lib.ts';

const PAGES = ['/', '/signature', '/verify-signature'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 90,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

type Scores = Record<(typeof CATEGORIES)[number], number>;
type Result = NonNullable<Awaited<ReturnType<typeof import('lighthouse').default>>>;
type Lhr = Result['lhr'];

/** Runs per page; the run with the median performance score is reported (single runs vary a lot). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const score = (lhr: Lhr, category: (typeof CATEGORIES)[number]) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
  return sorted[Math.floor(sorted.length / 2)]!;
}

function describe(lhr: Lhr): string {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])) as Scores;
  const missed = CATEGORIES.filter((c) => scores[c] < GOALS[c]);
  const failing = missed.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  const metrics = [
    ['FCP', 'first-contentful-paint'],
    ['LCP', 'largest-contentful-paint'],
    ['TBT', 'total-blocking-time'],
    ['CLS', 'cumulative-layout-shift'],
  ]
    .map(([label, id]) => `${label} ${lhr.audits[id!]?.displayValue ?? '?'}`)
    .join(', ');
  const below = missed.length ? `  below goal; failing audits: ${[...new Set(failing)].join(', ')}` : '';
  return `performance ${scores.performance}  accessibility ${scores.accessibility}  best practices ${scores['best-practices']}  SEO ${scores.seo}  (${metrics})${below}`;
}

/**
 * A Lighthouse mobile run (its default: emulated phone, slow 4G, 4x CPU slowdown) on the pages of the
 * issue, against the built app served by the real server on a fresh database. Lighthouse 12 is the
 * last major that runs on Node 20; it drives Debian's chromium.
 */
export async function lighthouseRuns(webRoot: string) {
  console.log(
    '\nweb: Lighthouse mobile (performance, accessibility, best practices, SEO; goals 90/100/100/100)',
  );
  if (!fs.existsSync(CHROMIUM))
    return console.log(`  skipped: no chromium at ${CHROMIUM} (apt-get install chromium)`);
  let lighthouse: typeof import('lighthouse').default;
  let launch: typeof import('chrome-launcher').launch;
  try {
    lighthouse = (await import('lighthouse')).default;
    launch = (await import('chrome-launcher')).launch;
  } catch (error) {
    return console.log(`  skipped: lighthouse cannot be loaded here (${(error as Error).message})`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-web-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, WEB_ROOT: webRoot });
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    for (const page of PAGES) {
      const runs: Result[] = [];
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt++) {
        const result = await lighthouse(`${server.base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        // Lighthouse sometimes loses the trace (NO_NAVSTART) on a busy machine: such a run is repeated.
        if (result && !result.lhr.runtimeError) runs.push(result);
      }
      if (runs.length === 0) {
        console.log(`${page.padEnd(20)} no valid Lighthouse run`);
        continue;
      }
      const median = medianRun(runs);
      console.log(`${page.padEnd(20)} ${describe(median.lhr)}  (median of ${runs.length})`);
    }
  } finally {
    await chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
