import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pino from 'pino';
import { KeyRing, type SealJwk } from '#shared/seals/keys.ts';
import { sealLink } from '#shared/seals/link.ts';
import { DAY_MS, issueSealToken, type SealClaims } from '#shared/seals/token.ts';
import { verifySealedLink } from '#shared/seals/verify.ts';
import { verificationUrl } from '#shared/signatures/reference.ts';
import { createDb } from '../src/server/db/kysely.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { systemClock } from '../src/server/lib/clock.ts';
import { SecretBox } from '../src/server/lib/secret-box.ts';
import { SealKeys } from '../src/server/modules/seals/keys.service.ts';
import { TransparencyLog } from '../src/server/modules/seals/log.service.ts';
import { testKey } from '../src/server/test/seal-keys.ts';
import { CHROME_FLAGS, CHROMIUM } from './lib.ts';
import { benchLookupRatio } from './lookups.ts';

/**
 * Seal issue and verify, log appends to 1,000,000 leaves on SQLite, and inclusion
 * proofs at that size, each beside a baseline measured in the same run; then the look-up
 * benchmark's ratio in a short run (bench/lookups.ts). SEALS_LEAVES changes the log size
 * (default 1,000,000).
 */
const LEAVES = Number(process.env.SEALS_LEAVES ?? 1_000_000);

async function perOp(n: number, fn: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < Math.min(200, n); i++) await fn(i);
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  return ((performance.now() - t) * 1000) / n;
}

const us = (v: number) => `${v.toFixed(1)} µs`;
const row = (name: string, value: string, base: string, ratio: number) =>
  console.log(`| ${name} | ${value} | ${base} | ${ratio.toFixed(2)}x |`);

async function tokens() {
  const key = await testKey();
  const ring = await KeyRing.from([key.jwk]);
  const signedAt = Date.now();
  const link = verificationUrl('https://sign.example.com', {
    id: signedAt,
    ref: 'SIG-20261123-ABCDEFGHJKL',
    name: 'Maximilian Alexander Sommerfel',
    timestamp: new Date(signedAt).toISOString(),
  });
  const claims: SealClaims = {
    issuer: 'https://sign.example.com',
    kid: key.jwk.kid,
    kind: 'signature',
    reference: 'SIG-20261123-ABCDEFGHJKL',
    signerName: 'Maximilian Alexander Sommerfel',
    signedAt,
    expiresAt: signedAt + 91 * DAY_MS,
    subjectHash: 'ab'.repeat(32),
    logIndex: 1_000_000,
  };
  const message = crypto.randomBytes(120);
  const sealed = sealLink(link, await issueSealToken(claims, key.sign));
  const webKey = ring.get(key.jwk.kid)!.key;
  const signature = key.sign(message);

  const bareSign = await perOp(2000, () => key.sign(message));
  const issue = await perOp(2000, () => issueSealToken(claims, key.sign));
  const bareVerify = await perOp(1000, () =>
    crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, webKey, signature, message),
  );
  const verify = await perOp(1000, () => verifySealedLink(sealed, ring));
  const cold = await perOp(200, async () => verifySealedLink(sealed, await KeyRing.from([key.jwk])));
  console.log('\n## seals: tokens, server side');
  console.log('| measure | per op | baseline | ratio |\n|---|---|---|---|');
  row(
    'issue a seal (encode + ES256 sign)',
    us(issue),
    `bare node:crypto ES256 sign ${us(bareSign)}`,
    issue / bareSign,
  );
  row(
    'verify a sealed link (WebCrypto, key imported)',
    us(verify),
    `bare subtle.verify ${us(bareVerify)}`,
    verify / bareVerify,
  );
  row(
    "verify, key set imported each time (a page's first check)",
    us(cold),
    `bare subtle.verify ${us(bareVerify)}`,
    cold / bareVerify,
  );
  console.log(
    `seal link: ${sealed.length} characters, token ${sealed.split('#')[1]!.length} base32 characters`,
  );
  await inBrowser(key.jwk, sealed, message, signature);
}

/**
 * The same checks in the browser that verifies seals (Debian's chromium, headless): the shared
 * verify code bundled as the pages bundle it, timed with performance.now() in the page, beside a
 * bare subtle.verify of a 120-byte message in the same page. The goal: < 50 ms per check.
 */
async function inBrowser(jwk: SealJwk, sealed: string, message: Buffer, signature: Buffer) {
  console.log('\n## seals: tokens, in the browser (chromium, headless)');
  if (!fs.existsSync(CHROMIUM)) return console.log(`skipped: no ${CHROMIUM} (apt-get install chromium)`);
  const { build } = await import('esbuild');
  const bundle = await build({
    // The timing code is bundled too: a function passed to page.evaluate would carry tsx's helpers.
    stdin: {
      contents: `import { KeyRing } from '#shared/seals/keys.ts';
        import { verifySealedLink } from '#shared/seals/verify.ts';
        async function perOp(n, fn) {
          for (let i = 0; i < Math.min(100, n); i++) await fn();
          const t = performance.now();
          for (let i = 0; i < n; i++) await fn();
          return ((performance.now() - t) * 1000) / n;
        }
        globalThis.sealBench = async ({ jwk, sealed, message, signature }) => {
          const ring = await KeyRing.from([jwk]);
          const proven = (await verifySealedLink(sealed, ring)).status === 'proven';
          const key = ring.get(jwk.kid).key;
          const m = new Uint8Array(message);
          const s = new Uint8Array(signature);
          const bare = await perOp(500, () => crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, s, m));
          const warm = await perOp(500, () => verifySealedLink(sealed, ring));
          const cold = await perOp(100, async () => verifySealedLink(sealed, await KeyRing.from([jwk])));
          return { proven, bare, warm, cold };
        };`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
    logLevel: 'warning',
  });
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    // A secure context (WebCrypto's subtle needs one), with nothing else on it.
    await page.route('https://bench.invalid/', (r) =>
      r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
    );
    await page.goto('https://bench.invalid/');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const args = { jwk, sealed, message: [...message], signature: [...signature] };
    const r = (await page.evaluate(`sealBench(${JSON.stringify(args)})`)) as {
      proven: boolean;
      bare: number;
      warm: number;
      cold: number;
    };
    if (!r.proven) throw new Error('the browser did not prove the seal the server issued');
    console.log('| measure | per op | baseline | ratio |\n|---|---|---|---|');
    row(
      'verify a sealed link (key imported)',
      us(r.warm),
      `bare subtle.verify ${us(r.bare)}`,
      r.warm / r.bare,
    );
    row(
      "verify, key set imported each time (a page's first check)",
      us(r.cold),
      `bare subtle.verify ${us(r.bare)}`,
      r.cold / r.bare,
    );
    console.log(
      `a page's first check: ${(r.cold / 1000).toFixed(2)} ms (goal < 50 ms: ${r.cold < 50_000 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await browser.close();
  }
}

async function log() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-seals-'));
  try {
    // Baseline: the same rows (index, 32-byte hash, entry text) by a bare prepared insert loop,
    // one transaction per 2,000 rows, in a table of their own.
    const bare = new SQLite(path.join(dir, 'bare.db'));
    bare.exec('PRAGMA journal_mode = WAL');
    bare.exec('PRAGMA synchronous = NORMAL');
    bare.exec('create table t (idx integer primary key, h blob not null, e text not null)');
    const insert = bare.prepare('insert into t values (?, ?, ?)');
    const sample = `{"v":1,"event":"signature.issued","at":"${new Date().toISOString()}","subject":"${'ab'.repeat(32)}","salt":"${'cd'.repeat(16)}","ref":"${'ef'.repeat(32)}","name":"${'01'.repeat(32)}","expires":"${new Date().toISOString()}"}`;
    const insertMany = bare.transaction((from: number, n: number) => {
      for (let i = from; i < from + n; i++) {
        const e = `${sample}${i}`;
        insert.run(i, crypto.createHash('sha256').update(e).digest(), e);
      }
    });
    let t = performance.now();
    for (let i = 0; i < LEAVES; i += 2000) insertMany(i, Math.min(2000, LEAVES - i));
    const bareRate = LEAVES / ((performance.now() - t) / 1000);
    bare.close();

    const { db, dialect } = createDb({ sqliteFile: path.join(dir, 'log.db') });
    await migrateToLatest(db, dialect);
    const keys = new SealKeys(db, systemClock, new SecretBox('bench'));
    await keys.init();
    const transparency = new TransparencyLog(db, systemClock, keys, pino({ level: 'warn' }));
    t = performance.now();
    const wave = 10_000;
    for (let from = 0; from < LEAVES; from += wave) {
      const n = Math.min(wave, LEAVES - from);
      await Promise.all(
        Array.from({ length: n }, (_, i) =>
          transparency.appendToLog({
            event: 'signature.issued',
            subject: 'ab'.repeat(32),
            reference: `SIG-20261123-${from + i}`,
            signerName: 'Maximilian Alexander Sommerfel',
            expiresAt: new Date().toISOString(),
          }),
        ),
      );
    }
    const appendRate = LEAVES / ((performance.now() - t) / 1000);
    const size = await transparency.size();
    if (size !== LEAVES) throw new Error(`log has ${size} leaves, expected ${LEAVES}`);

    const pick = () => crypto.randomInt(size);
    const bareRead = await perOp(2000, () =>
      db.selectFrom('log_leaves').select('leaf_hash').where('idx', '=', pick()).executeTakeFirst(),
    );
    let longest = 0;
    const times: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const s = performance.now();
      const proof = await transparency.inclusionProof(pick(), size);
      times.push(performance.now() - s);
      longest = Math.max(longest, proof.auditPath.length);
    }
    times.sort((a, b) => a - b);
    const mean = (times.reduce((a, b) => a + b, 0) / times.length) * 1000;
    const consistency = await perOp(500, () => transparency.consistencyProof(1 + pick(), size));
    const bytes =
      fs.statSync(path.join(dir, 'log.db')).size +
      (fs.statSync(path.join(dir, 'log.db-wal'), { throwIfNoEntry: false })?.size ?? 0);

    console.log(`\n## seals: transparency log on SQLite, ${LEAVES.toLocaleString('en')} leaves`);
    console.log('| measure | value | baseline | ratio |\n|---|---|---|---|');
    row(
      'appends/s (appendToLog, batched)',
      appendRate.toFixed(0),
      `bare insert loop ${bareRate.toFixed(0)}/s`,
      appendRate / bareRate,
    );
    row('inclusion proof, mean', us(mean), `bare point read ${us(bareRead)}`, mean / bareRead);
    row(
      'inclusion proof, p99',
      us(times[Math.floor(times.length * 0.99)]! * 1000),
      `bare point read ${us(bareRead)}`,
      (times[Math.floor(times.length * 0.99)]! * 1000) / bareRead,
    );
    row(
      'consistency proof, mean',
      us(consistency),
      `bare point read ${us(bareRead)}`,
      consistency / bareRead,
    );
    console.log(
      `longest inclusion proof: ${longest} hashes (goal ≤ 20); database ${(bytes / 1e6).toFixed(0)} MB`,
    );
    await transparency.stop();
    await db.destroy();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchSeals() {
  console.log(
    `(load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores)`,
  );
  await tokens();
  await log();
  await benchLookupRatio();
}
