import fs from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { defaultPoolSize, JobAbortedError, PdfPool, PoolBusyError } from './pdf-pool.ts';
import { WORKER_NICE } from '#server/lib/priority.ts';
import sharp from 'sharp';
import { SIGNATURE_SVG } from '#server/test/fixtures.ts';
import { rasterize } from './image.ts';
import { createSelfSignedIdentity } from './self-signed.ts';
import { largePdf, simplePdf } from '#server/test/pdfs.ts';

let pool: PdfPool | undefined;
afterEach(() => pool?.close());

test('no more jobs run at once than the pool has workers; the rest wait their turn', async () => {
  pool = new PdfPool({ size: 2 });
  const pdf = await simplePdf(2);
  const jobs = Array.from({ length: 5 }, () => pool!.run('inspect', pdf));
  expect(pool.stats()).toMatchObject({ workers: 2, busy: 2, queued: 3 });
  expect((await Promise.all(jobs)).map((r) => r.kind === 'ok' && r.pageCount)).toEqual([2, 2, 2, 2, 2]);
  expect(pool.stats()).toMatchObject({ workers: 2, busy: 0, queued: 0 });
});

test('a full queue refuses new jobs instead of piling them up', async () => {
  pool = new PdfPool({ size: 1, maxQueue: 1 });
  const pdf = await simplePdf(1);
  const running = pool.run('inspect', pdf);
  const waiting = pool.run('inspect', pdf);
  await expect(pool.run('inspect', pdf)).rejects.toBeInstanceOf(PoolBusyError);
  await Promise.all([running, waiting]);
});

test('a job over its time limit is killed with its worker, and the next job gets a fresh one', async () => {
  pool = new PdfPool({ size: 1 });
  const pdf = await simplePdf(1);
  await expect(pool.run('inspect', pdf, { timeoutMs: 1 })).rejects.toBeInstanceOf(JobAbortedError);
  expect(await pool.run('inspect', pdf)).toMatchObject({ kind: 'ok', pageCount: 1 });
});

test.runIf(process.platform === 'linux')(
  'workers run niced, so the event loop wins a busy core',
  async () => {
    pool = new PdfPool({ size: 1 });
    await pool.run('inspect', await simplePdf(1));
    const stat = (tid: string) =>
      fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // field 19 (nice), counted after the command's ')'
    const niceOf = (tid: string) => stat(tid)[16];
    const tids = fs.readdirSync('/proc/self/task');
    // The event loop keeps the nice it was started with (0, or a CI runner's own); only workers drop.
    expect(Number(niceOf(String(process.pid)))).toBeLessThan(WORKER_NICE);
    const workers = tids.filter((tid) => niceOf(tid) === String(WORKER_NICE));
    expect(workers).toHaveLength(1);
  },
);

test('the pool leaves a core to the event loop, and has at least one worker', () => {
  expect(defaultPoolSize(1)).toBe(1);
  expect(defaultPoolSize(2)).toBe(1);
  expect(defaultPoolSize(8)).toBe(7);
});

test('a file handed over moves to the worker instead of being copied; one sharing its memory is copied', async () => {
  pool = new PdfPool({ size: 1 });
  const pdf = await simplePdf(3);
  const own = new Uint8Array(pdf); // owns its whole memory: moved
  const big = new Uint8Array(pdf.byteLength + 10);
  big.set(pdf, 5);
  const shared = big.subarray(5, 5 + pdf.byteLength); // a view into a larger buffer: copied
  const moved = await pool.run('inspect', own, { handOver: [own] });
  const copied = await pool.run('inspect', shared, { handOver: [shared] });
  // The worker read the same file either way.
  expect(moved).toMatchObject({ kind: 'ok', pageCount: 3 });
  expect(copied).toMatchObject({ kind: 'ok', pageCount: 3 });
  expect(own.byteLength).toBe(0); // its memory now belongs to the worker
  expect(shared.byteLength).toBe(pdf.byteLength);
  expect(Buffer.from(shared).equals(Buffer.from(pdf))).toBe(true);
  // Without handOver nothing moves.
  const kept = new Uint8Array(pdf);
  await pool.run('inspect', kept);
  expect(kept.byteLength).toBe(pdf.byteLength);
});

test('a signed file comes back in a buffer of its own size, moved rather than copied', async () => {
  pool = new PdfPool({ size: 1 });
  const pdf = await largePdf(300_000, 3);
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  const stamp = {
    reference: 'DOC-20250414-POOL2345',
    verifyUrl: 'https://x.example/v',
    signedAt: '2025-04-14',
  };
  const res = await pool.run('sign', {
    pdf,
    originalSha256: 'known from the upload',
    images: [await rasterize(png, 'image/png', 400)],
    placements: [{ page: 1, rect: { x: 50, y: 50, width: 200, height: 100 }, image: 0 }],
    stamp,
    certificate: {
      documentName: 'Pool test',
      reference: stamp.reference,
      verifyUrl: stamp.verifyUrl,
      checkUrl: 'https://x.example/check',
      signedAt: stamp.signedAt,
      signers: [{ name: 'Ann Lee', signatureReference: 'SIG-20250414-0001', pages: [1] }],
      certificateSubject: 'Pool test',
    },
    identity: await createSelfSignedIdentity('Pool test'),
    signingTime: Date.parse('2025-04-14T10:00:00Z'),
    reason: 'Test',
    location: 'x.example',
  });
  if (res.kind !== 'ok') throw new Error(res.kind);
  expect(Buffer.from(res.bytes.subarray(0, pdf.length)).equals(pdf)).toBe(true);
  // @libpdf/core's writer holds twice the file: cloned, all of it would cross to the event loop
  expect(res.bytes.byteOffset).toBe(0);
  expect(res.bytes.buffer.byteLength).toBe(res.bytes.length);
});
