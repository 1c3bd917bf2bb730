import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../db/kysely.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { freshDatabase, ManualClock } from '../test/test-app.ts';
import { DbRateLimiter } from './rate-limiter.ts';

let db: Db;
let drop: () => Promise<void>;
const clock = new ManualClock();
let limiter: DbRateLimiter;
const WINDOW = 60_000;

beforeAll(async () => {
  const database = await freshDatabase();
  db = database.db;
  drop = database.drop;
  await migrateToLatest(db, database.dialect);
  limiter = new DbRateLimiter(db, clock);
});
afterAll(() => drop());

test('concurrent hits on one key each get their own count: no two callers see the same number', async () => {
  const states = await Promise.all(Array.from({ length: 100 }, () => limiter.hit('k:concurrent', WINDOW)));
  expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 100 }, (_, i) => i + 1),
  );
  expect((await limiter.peek('k:concurrent')).count).toBe(100);
});

test('release gives reserved attempts back, never below zero', async () => {
  await limiter.hit('k:release', WINDOW);
  await limiter.hit('k:release', WINDOW);
  await limiter.release('k:release');
  expect((await limiter.peek('k:release')).count).toBe(1);
  await limiter.release('k:release', 5);
  expect((await limiter.peek('k:release')).count).toBe(0);
  expect((await limiter.hit('k:release', WINDOW)).count).toBe(1);
});

test('release does nothing to a missing key or a window that has passed', async () => {
  await limiter.release('k:none');
  expect(await limiter.peek('k:none')).toEqual({ count: 0, resetAt: 0 });
  await limiter.hit('k:old', WINDOW);
  clock.advance(WINDOW + 1);
  await limiter.release('k:old');
  expect((await limiter.hit('k:old', WINDOW)).count).toBe(1);
});

test('counters written through a transaction roll back with it', async () => {
  await limiter.hit('k:tx', WINDOW);
  await expect(
    db.transaction().execute(async (tx) => {
      await limiter.using(tx).reset('k:tx');
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect((await limiter.peek('k:tx')).count).toBe(1);
});
