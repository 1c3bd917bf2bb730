import { expect, test } from 'vitest';
import { oneAtATime } from './one-at-a-time.ts';

test('calls run one after another, each answering its own run, and a failure does not stop the next', async () => {
  const log: string[] = [];
  let n = 0;
  const run = oneAtATime(async () => {
    const i = ++n;
    log.push(`start ${i}`);
    await new Promise((r) => setTimeout(r, 5));
    log.push(`end ${i}`);
    if (i === 2) throw new Error('second failed');
  });
  const results = await Promise.allSettled([run(), run(), run()]);
  expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect((results[1] as PromiseRejectedResult).reason.message).toBe('second failed');
});
