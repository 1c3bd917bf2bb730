import fs from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { JobAbortedError, PdfPool, PoolBusyError } from './pdf-pool.ts';
import { WORKER_NICE } from './nice.ts';
import { simplePdf } from './test-pdfs.ts';

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
    const niceOf = (tid: string) =>
      fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16];
    const nices = fs.readdirSync('/proc/self/task').map(niceOf);
    expect(niceOf(String(process.pid))).toBe('0');
    expect(nices).toContain(String(WORKER_NICE));
  },
);
