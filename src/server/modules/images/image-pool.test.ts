import fs from 'node:fs';
import { afterAll, expect, test } from 'vitest';
import { WORKER_NICE } from '#server/lib/priority.ts';
import { SIGNATURE_SVG } from '#server/test/fixtures.ts';
import { expensiveSvg } from '#server/test/svgs.ts';
import { ImageAbortedError, ImageBusyError, ImagePool } from './image-pool.ts';

const pool = new ImagePool({ size: 1, maxQueue: 1, perKey: 1 });
afterAll(() => pool.close());

const job = (svg: string) => ({ mime: 'image/svg+xml' as const, bytes: Buffer.from(svg), copy: true });
const fine = () => pool.run('signature', job(SIGNATURE_SVG), { timeoutMs: 5000, memoryMb: 1024 });
const slow = (key?: string, timeoutMs = 300) =>
  pool.run('signature', job(expensiveSvg()), { key, timeoutMs, memoryMb: 1024 });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('a job past its CPU budget is killed, and its process replaced for the next job', async () => {
  // 1 ms of CPU no SVG render fits in, and wall time to spare however loaded the machine is, so
  // only the CPU budget can stop it
  const strict = new ImagePool({ size: 1, wallFactor: 20_000 });
  try {
    const run = (svg: string) => strict.run('signature', job(svg), { timeoutMs: 1, memoryMb: 1024 });
    await strict.run('signature', job(SIGNATURE_SVG), { timeoutMs: 5000, memoryMb: 1024 });
    const [pid] = strict.stats().pids;
    const err = await run(expensiveSvg()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageAbortedError);
    expect((err as ImageAbortedError).reason).toBe('time');
    await expect.poll(() => alive(pid!)).toBe(false); // SIGKILLed; gone once reaped
    expect(
      (await strict.run('signature', job(SIGNATURE_SVG), { timeoutMs: 5000, memoryMb: 1024 })).kind,
    ).toBe('ok');
    expect(strict.stats().pids).not.toContain(pid);
  } finally {
    await strict.close();
  }
});

// Linux: the CPU budget is read from /proc, so the wall-time limit tells a stalled job from a costly one
test.runIf(process.platform === 'linux')(
  'a job that gets no CPU is stopped at the wall-time limit as stalled, not as over its budget',
  async () => {
    expect((await fine()).kind).toBe('ok');
    const [pid] = pool.stats().pids;
    const job = slow(undefined, 200).catch((e: unknown) => e);
    process.kill(pid!, 'SIGSTOP'); // what starving it of every core looks like from here
    const err = await job;
    expect(err).toBeInstanceOf(ImageAbortedError);
    expect((err as ImageAbortedError).reason).toBe('stalled');
    await expect.poll(() => alive(pid!)).toBe(false);
    expect((await fine()).kind).toBe('ok');
  },
);

test.runIf(process.platform === 'linux')(
  'a job waiting for a child that never gets a core is dropped as stalled, not held open',
  async () => {
    const other = new ImagePool({ size: 1, startMs: 100 });
    try {
      const waiting = other
        .run('signature', job(SIGNATURE_SVG), { timeoutMs: 200, memoryMb: 1024 })
        .catch((e: unknown) => e);
      const [pid] = other.stats().pids; // spawned for this job, not ready yet
      process.kill(pid!, 'SIGSTOP');
      const err = await waiting;
      expect(err).toBeInstanceOf(ImageAbortedError);
      expect((err as ImageAbortedError).reason).toBe('stalled');
      expect(other.stats().queued).toBe(0);
      // once it gets a core the child starts, and serves the next job
      process.kill(pid!, 'SIGCONT');
      const next = await other.run('signature', job(SIGNATURE_SVG), { timeoutMs: 5000, memoryMb: 1024 });
      expect(next.kind).toBe('ok');
      expect(other.stats().pids).toEqual([pid]);
    } finally {
      await other.close();
    }
  },
);

test('a job past its memory budget is killed', async () => {
  // a child alone holds ~100 MB; the slow job gives the 50 ms memory poll time to look
  const err = await pool
    .run('signature', job(expensiveSvg()), { timeoutMs: 5000, memoryMb: 10 })
    .catch((e: unknown) => e);
  expect((err as ImageAbortedError).reason).toBe('memory');
  expect((await fine()).kind).toBe('ok');
});

test('jobs beyond the per-key cap or the queue are refused at once with a retry delay', async () => {
  const running = slow('a').catch(() => 'aborted');
  const queued = fine();
  const err = await slow('a').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ImageBusyError);
  expect((err as ImageBusyError).retryAfter).toBeGreaterThan(0);
  await expect(slow('b')).rejects.toBeInstanceOf(ImageBusyError); // the queue (1) is full
  expect(await running).toBe('aborted');
  expect((await queued).kind).toBe('ok');
  expect((await fine()).kind).toBe('ok'); // key 'a' was released
});

test.runIf(process.platform === 'linux')(
  'every thread of a child runs at the lowest priority, so the server wins a busy core',
  async () => {
    expect((await fine()).kind).toBe('ok');
    const [pid] = pool.stats().pids;
    // /proc/<pid>/task/<tid>/stat: nice is field 19 (the 17th after the command's ')')
    const nices = fs
      .readdirSync(`/proc/${pid}/task`)
      .map((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    expect(nices.length).toBeGreaterThan(1);
    expect(new Set(nices)).toEqual(new Set([String(WORKER_NICE)]));
    // the server itself keeps its own
    expect(Number(fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[16])).toBeLessThan(
      WORKER_NICE,
    );
  },
);

test('closing the pool ends its child processes', async () => {
  const other = new ImagePool({ size: 1 });
  await other.run('signature', job(SIGNATURE_SVG), { timeoutMs: 5000, memoryMb: 1024 });
  const pids = other.stats().pids;
  expect(pids.every((p) => alive(p!))).toBe(true);
  await other.close();
  expect(pids.some((p) => alive(p!))).toBe(false);
  await expect(
    other.run('signature', job(SIGNATURE_SVG), { timeoutMs: 5000, memoryMb: 1024 }),
  ).rejects.toThrow(/closed/);
});
