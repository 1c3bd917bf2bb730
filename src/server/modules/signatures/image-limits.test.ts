import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { ImageAbortedError, ImagePool, imagePool, type JobOptions } from '../images/image-pool.ts';
import { Agent } from '#server/test/agent.ts';
import { signatureSvgDataUrl } from '#server/test/fixtures.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { SIGNATURE_IMAGE_BUDGET } from './images.ts';
import { SVG_LIMITS } from './svg-limits.ts';
import { expensiveSvg, HOSTILE_IMAGES, signaturePadSvg } from '#server/test/svgs.ts';

// Anonymous image work must not stall the server.
let ctx: TestContext;
let n = 0;
beforeAll(async () => {
  ctx = await testApp();
  // the first job waits for a child process to start; no test below should time that
  expect((await save(await anonymous(), signatureSvgDataUrl())).statusCode).toBe(201);
});
afterAll(() => ctx.close());

async function anonymous() {
  const a = new Agent(ctx.app);
  a.ip = `198.19.${Math.floor(++n / 250)}.${n % 250}`;
  await a.get('/api/csrf');
  return a;
}
const save = (a: Agent, signatureData: string) =>
  a.post('/api/signatures', { signatureData, signerName: 'Jane Doe', consent: true });
const dataUrl = (image: string) => (image.startsWith('data:') ? image : signatureSvgDataUrl(image));
/** Waits until this many image jobs are running or queued. */
async function jobsInPool(count: number) {
  for (let i = 0; i < 400; i++) {
    const { busy, queued } = imagePool().stats();
    if (busy + queued >= count) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never saw ${count} image jobs`);
}
/**
 * Runs `work` with the app's image jobs in a pool that has the real CPU budgets and wall time to
 * spare however loaded the machine is, so only the CPU budget stops a job (a starved job is
 * answered 429 instead, tested apart below).
 */
async function withPatientPool<T>(work: () => Promise<T>) {
  const patient = new ImagePool({ size: 1, wallFactor: 50 });
  const budgets: JobOptions[] = [];
  const run = vi.spyOn(imagePool(), 'run').mockImplementation((kind, input, opts) => {
    budgets.push(opts);
    return patient.run(kind, input, opts);
  });
  try {
    return { result: await work(), budgets };
  } finally {
    run.mockRestore();
    await patient.close();
  }
}
const over = HOSTILE_IMAGES.filter((h) => h.message === m.imageOverBudget);

describe('hostile signature images are refused with a clear answer', () => {
  test.each(HOSTILE_IMAGES.filter((h) => !over.includes(h)).map((h) => [h.label, h] as const))(
    '%s',
    async (_label, hostile) => {
      const a = await anonymous();
      const res = await save(a, dataUrl(hostile.image()));
      expect({ status: res.statusCode, message: res.json().message }).toEqual({
        status: hostile.status,
        message: hostile.message,
      });
    },
  );

  test.each(over.map((h) => [h.label, h] as const))(
    '%s: stopped at its CPU budget',
    { timeout: 120_000 },
    async (_l, hostile) => {
      const { result: res, budgets } = await withPatientPool(async () =>
        save(await anonymous(), dataUrl(hostile.image())),
      );
      expect({ status: res.statusCode, message: res.json().message }).toEqual({
        status: hostile.status,
        message: hostile.message,
      });
      expect(budgets).toEqual([expect.objectContaining(SIGNATURE_IMAGE_BUDGET)]);
    },
  );

  test('the image messages name the limits they enforce', () => {
    expect(m.imageDimensions).toContain(String(SVG_LIMITS.maxSide));
  });
});

describe('real signatures pass the limits with room to spare', () => {
  test('the largest drawing signature_pad can export within 512 KB is saved, rendered within the budget', async () => {
    const svg = await signaturePadSvg();
    expect(svg.length).toBeGreaterThan(480_000);
    expect(svg.length).toBeLessThan(512 * 1024);
    // rendered by the pool's children, so the event loop keeps turning meanwhile (how a sign-in
    // fares during such work is a figure of `npm run bench -- images`)
    const { result: res, budgets } = await withPatientPool(async () =>
      save(await anonymous(), signatureSvgDataUrl(svg)),
    );
    expect(res.statusCode).toBe(201);
    expect(budgets).toEqual([expect.objectContaining(SIGNATURE_IMAGE_BUDGET)]);
  });

  test('after a killed image process, the next save works', { timeout: 120_000 }, async () => {
    const { result } = await withPatientPool(async () => [
      (await save(await anonymous(), signatureSvgDataUrl(expensiveSvg()))).statusCode,
      (await save(await anonymous(), signatureSvgDataUrl())).statusCode,
    ]);
    expect(result).toEqual([413, 201]);
  });
});

describe('image work stays off the server process', () => {
  test('a third image in flight from one address answers 429 with Retry-After', async () => {
    const a = await anonymous();
    // two jobs of this address hold the pool (a short budget keeps the test cheap)
    const held = [1, 2].map(() =>
      imagePool()
        .run(
          'signature',
          { mime: 'image/svg+xml', bytes: Buffer.from(expensiveSvg()), copy: true },
          { key: a.ip, timeoutMs: 300, memoryMb: 512 },
        )
        .catch((err: Error) => err.name),
    );
    await jobsInPool(2);
    const third = await save(a, signatureSvgDataUrl());
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(m.imageBusy);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(await Promise.all(held)).toEqual(['ImageAbortedError', 'ImageAbortedError']);
  });

  test('an image that waited for a core past the wall limit is answered 429, not as too costly', async () => {
    const a = await anonymous();
    // the pool's answer when a job got no CPU (image-pool.test.ts stops a child to get it for real)
    const run = vi.spyOn(imagePool(), 'run');
    try {
      run.mockRejectedValueOnce(new ImageAbortedError('stalled'));
      const waited = await save(a, signatureSvgDataUrl());
      expect(waited.statusCode).toBe(429);
      expect(waited.json().message).toBe(m.imageBusy);
      expect(waited.headers['retry-after']).toBe(String(SIGNATURE_IMAGE_BUDGET.timeoutMs / 1000));
      // over its CPU budget, the image itself is at fault: 413 as before
      run.mockRejectedValueOnce(new ImageAbortedError('time'));
      const costly = await save(a, signatureSvgDataUrl());
      expect(costly.statusCode).toBe(413);
      expect(costly.json().message).toBe(m.imageOverBudget);
    } finally {
      run.mockRestore();
    }
  });
});
