import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createDb } from '../src/server/db/kysely.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { defaultLimits } from '../src/server/lib/limits.ts';
import { randomToken } from '../src/server/lib/crypto.ts';
import { parseSignatureImage } from '../src/server/modules/signatures/images.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';
import { DURATION_S, measure, median, printTable, startBaseline, startScript, type Measured } from './lib.ts';

const COUNT = Number(process.env.BENCH_SIGNATURES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/**
 * A drawn signature as the creator's 600x250 canvas exports it: a few anti-aliased strokes of
 * width 2. Stored as the server stores a saved one (the PNG data URL and the watermarked copy).
 */
async function drawnSignature() {
  const strokes = [
    'M40 170 C 70 40, 110 40, 120 150 S 160 210, 190 120 C 205 80, 230 70, 240 150',
    'M250 160 C 270 90, 300 90, 310 160 C 320 200, 360 60, 380 140 S 430 190, 460 110',
    'M470 150 C 500 60, 540 70, 560 130 M 60 200 C 200 185, 380 190, 560 175',
  ];
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="250">' +
    strokes
      .map((d) => `<path d="${d}" stroke="#000" stroke-width="2" stroke-linecap="round" fill="none"/>`)
      .join('') +
    '</svg>';
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const parsed = await parseSignatureImage(`data:image/png;base64,${png.toString('base64')}`, { copy: true });
  if (parsed.kind !== 'ok') throw new Error('bench signature image refused');
  return { dataUrl: parsed.dataUrl, copy: parsed.copy! };
}

/**
 * Issue 3: GET /api/signatures/reference/{ref} over 100,000 stored signatures, each with its
 * image, with random existing references, the rate limiter on (its limit raised so the run is not
 * refused), against a bare node:http server answering the same JSON.
 */
export async function benchLookups() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-lookups-'));
  const { db, dialect } = createDb({ sqliteFile: path.join(dir, 'inkproof.db') });
  await migrateToLatest(db, dialect);
  const started = Date.now();
  const image = await drawnSignature();
  const refs: string[] = [];
  const now = new Date().toISOString();
  for (let i = 0; i < COUNT; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, COUNT - i) }, (_, j) => {
      const ref = `SIG-20251121-${String(i + j).padStart(6, '0')}`;
      refs.push(ref);
      return {
        reference_number: ref,
        signer_name: `Signer ${i + j}`,
        additional_data: 'Bench contract',
        created_at: now,
        user_id: null,
        expires_at: '2099-01-01T00:00:00.000Z',
        image_token: randomToken(16),
      };
    });
    const ids = await db.insertInto('signatures').values(rows).returning('id').execute();
    await db
      .insertInto('signature_images')
      .values(
        ids.map(({ id }) => ({
          signature_id: id,
          image_data: image.dataUrl,
          verification_image: image.copy,
        })),
      )
      .execute();
  }
  await db
    .insertInto('settings')
    .values({
      key: 'security-limits',
      value: JSON.stringify({ ...defaultLimits(), lookupsBeforeCaptcha: 1e9, lookupsBeforeBlock: 2e9 }),
      updated_at: now,
    })
    .execute();
  await db.destroy();
  console.log(
    `\n## look-ups (issue 3): seeded ${COUNT} signatures with images ` +
      `(${(image.dataUrl.length / 1024).toFixed(1)} KB data URL + ${(image.copy.length / 1024).toFixed(1)} KB ` +
      `verification copy each) in ${Date.now() - started} ms`,
  );

  const app = await startServerProcess({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
  // The same server with /metrics on (issue 11): its per-request hook must cost at most 5%.
  const metricsToken = randomToken(24);
  const withMetrics = await startServerProcess({
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: metricsToken,
  });
  try {
    const sample = await fetch(`${app.base}/api/signatures/reference/${refs[0]}`);
    if (!sample.ok) throw new Error(`lookup failed: ${sample.status}`);
    const body = await sample.text();
    const baseline = await startBaseline(body);
    const floor = await startScript('bench/fastify-sqlite-server.ts', {
      BENCH_DB: path.join(dir, 'inkproof.db'),
    });
    try {
      const pick = () => refs[Math.floor(Math.random() * refs.length)]!;
      const requests = [
        { setupRequest: (r: any) => ({ ...r, path: `/api/signatures/reference/${pick()}` }) },
      ];
      // The three servers take turns, ROUNDS times: on a 2-core machine shared with the load
      // generator one run of the baseline swings by 50%; medians of interleaved runs do not.
      const servers = [
        ['node:http baseline (same JSON)', baseline.base, baseline.pid],
        ['bare Fastify + one SQLite point read', floor.base, floor.pid],
        ['GET /api/signatures/reference/{random ref}', app.base, app.child.pid!],
        ['the same with METRICS_TOKEN set', withMetrics.base, withMetrics.child.pid!],
      ] as const;
      const runs: Measured[][] = servers.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        // metrics off and on swap places every round, so neither always follows the other
        const order = round % 2 ? [0, 1, 3, 2] : [0, 1, 2, 3];
        for (const i of order) {
          const [name, url, pid] = servers[i]!;
          runs[i]!.push(await measure(name, url, {}, requests, pid));
        }
      }
      const [base, bare, lookup, metered] = runs.map(median) as [Measured, Measured, Measured, Measured];
      console.log(`median of ${ROUNDS} interleaved runs of ${DURATION_S} s each:`);
      printTable(base, [bare, lookup, metered]);
      const ratios = runs[2]!.map((r, i) => (r.rps / runs[0]![i]!.rps).toFixed(2)).join(', ');
      const ratio = lookup.rps / base.rps;
      console.log(
        `target >= 0.50 of baseline: ${ratio >= 0.5 ? 'met' : 'NOT met'} (${ratio.toFixed(2)}; per round ${ratios})`,
      );
      if (lookup.cpuUs && bare.cpuUs && base.cpuUs) {
        console.log(
          `server CPU per look-up: ${(base.cpuUs / lookup.cpuUs).toFixed(2)} of the baseline's ` +
            `(bare Fastify + SQLite: ${(base.cpuUs / bare.cpuUs).toFixed(2)}); our hooks, limiter, counts ` +
            `and validation add ${(100 * (lookup.cpuUs / bare.cpuUs - 1)).toFixed(0)}% to that floor`,
        );
      }
      await reportMetricsOverhead(runs, withMetrics.base, metricsToken);
      return { base, bare, lookup, metered };
    } finally {
      baseline.stop();
      floor.stop();
    }
  } finally {
    await Promise.all([app.stop(), withMetrics.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The look-up ratio with metrics off and on, each round's pair measured back to back (the
 * machine's load drifts between rounds), and the server CPU per look-up, the steadier number.
 */
async function reportMetricsOverhead(runs: Measured[][], base: string, token: string) {
  const [baseline, , off, on] = runs as [Measured[], Measured[], Measured[], Measured[]];
  const ratio = (rs: Measured[]) => rs.map((r, i) => r.rps / baseline[i]!.rps);
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const [offRatio, onRatio] = [mid(ratio(off)), mid(ratio(on))];
  const perRound = ratio(on).map((r, i) => `${(100 * (1 - r / ratio(off)[i]!)).toFixed(1)}%`);
  const drop = 100 * (1 - onRatio / offRatio);
  console.log(
    `metrics: look-up ratio ${offRatio.toFixed(3)} off, ${onRatio.toFixed(3)} on: ` +
      `${drop.toFixed(1)}% lower (goal <= 5%: ${drop <= 5 ? 'met' : 'NOT met'}; per round ${perRound.join(', ')})`,
  );
  const cpu = (rs: Measured[]) => mid(rs.map((r) => r.cpuUs ?? NaN));
  if (!Number.isNaN(cpu(off)) && !Number.isNaN(cpu(on))) {
    console.log(
      `metrics: server CPU per look-up ${cpu(off).toFixed(1)} µs off, ${cpu(on).toFixed(1)} µs on ` +
        `(${(100 * (cpu(on) / cpu(off) - 1)).toFixed(1)}%)`,
    );
  }
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const counted = (await res.text())
    .split('\n')
    .find((l) => l.startsWith('inkproof_http_requests_total{') && l.includes('reference/:ref",status="200"'));
  console.log(`metrics: the metered server counted ${counted?.split(' ').pop() ?? 'no'} look-ups`);
}
