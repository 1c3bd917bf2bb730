import { expect, test } from 'vitest';
import { BatchedCounter } from './batched-counter.ts';
import type { DbRateLimiter, LimitState } from './rate-limiter.ts';

/** A store whose writes answer only when the test lets them. */
function slowStore() {
  let total = 0;
  const waiting: (() => void)[] = [];
  const store = {
    hit: (_key: string, _windowMs: number, amount: number) =>
      new Promise<LimitState>((resolve) => {
        total += amount;
        const count = total;
        waiting.push(() => resolve({ count, resetAt: Date.now() + 60_000 }));
      }),
    peek: async () => ({ count: total, resetAt: Date.now() + 60_000 }),
  } as unknown as DbRateLimiter;
  return { store, release: () => waiting.splice(0).forEach((go) => go()) };
}

const clock = { now: () => Date.now() };
const tick = () => new Promise((r) => setTimeout(r, 0));

test('hits being written by a flush still count until the database answers', async () => {
  const { store, release } = slowStore();
  const counter = new BatchedCounter(store, clock, 'k:', () => 60_000);
  for (let i = 0; i < 5; i++) counter.hit('ip');
  const flushing = counter.flush();
  await tick();
  // the write is in flight: the five hits must not vanish from the count meanwhile
  expect(counter.count('ip')).toBe(5);
  expect(counter.hit('ip')).toBe(6);
  release();
  await flushing;
  expect(counter.count('ip')).toBe(6);
  const next = counter.flush();
  await tick();
  release();
  await next;
  expect(counter.count('ip')).toBe(6);
});

test('a failed write is retried at the next flush without being counted twice', async () => {
  let fail = true;
  let stored = 0;
  const store = {
    hit: async (_k: string, _w: number, amount: number) => {
      if (fail) throw new Error('database down');
      stored += amount;
      return { count: stored, resetAt: Date.now() + 60_000 };
    },
    peek: async () => ({ count: stored, resetAt: Date.now() + 60_000 }),
  } as unknown as DbRateLimiter;
  const counter = new BatchedCounter(store, clock, 'k:', () => 60_000);
  counter.hit('ip');
  counter.hit('ip');
  await counter.flush();
  expect(counter.count('ip')).toBe(2);
  fail = false;
  await counter.flush();
  expect(stored).toBe(2);
  expect(counter.count('ip')).toBe(2);
});
