import { expect, test, vi } from 'vitest';
import type { Db } from '../db/kysely.ts';
import { SettingsStore } from './settings-store.ts';

/**
 * A settings table whose reads and writes answer only when the test says, as two connections of a
 * pool would: a read may see the value from before a write that finishes first.
 */
function slowTable(initial: string) {
  let stored = initial;
  const reads: (() => void)[] = [];
  const writes: (() => void)[] = [];
  const db = {
    selectFrom: () => ({
      select: () => ({
        where: () => ({
          executeTakeFirst: () => {
            const seen = stored; // the read runs now, its answer arrives later
            return new Promise((resolve) => reads.push(() => resolve({ value: seen })));
          },
        }),
      }),
    }),
    insertInto: () => ({
      values: (row: { value: string }) => ({
        onConflict: () => ({
          execute: () =>
            new Promise<void>((resolve) =>
              writes.push(() => {
                stored = row.value;
                resolve();
              }),
            ),
        }),
      }),
    }),
  } as unknown as Db;
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    db,
    answerReads: async () => (reads.splice(0).forEach((go) => go()), settle()),
    answerWrites: async () => (writes.splice(0).forEach((go) => go()), settle()),
  };
}

const clock = { now: () => Date.now() };
const accept = (stored: Record<string, unknown>, d: { n: number }) => ({
  n: typeof stored.n === 'number' ? stored.n : d.n,
});
const storeOn = (db: Db) => new SettingsStore(db, clock, 'k', () => ({ n: 0 }), accept, console);

test('a reload that read the old value before a save does not undo the save', async () => {
  const t = slowTable('{"n":1}');
  const store = storeOn(t.db);
  const reload = store.load(); // reads n = 1
  const saving = store.save({ n: 2 });
  await t.answerWrites();
  await saving;
  await t.answerReads();
  await reload;
  expect(store.current.n).toBe(2);
});

test('a reload that starts while a save is in flight does not apply what it read', async () => {
  const t = slowTable('{"n":1}');
  const store = storeOn(t.db);
  const saving = store.save({ n: 2 });
  const reload = store.load(); // started after the save, but reads before its write lands
  await t.answerWrites();
  await saving;
  await t.answerReads();
  await reload;
  expect(store.current.n).toBe(2);
});

test('a reload with no save around it applies what another instance stored', async () => {
  const t = slowTable('{"n":7}');
  const store = storeOn(t.db);
  const reload = store.load();
  await t.answerReads();
  await reload;
  expect(store.current.n).toBe(7);
});

test('a reload that fails in the background is logged with the settings key', async () => {
  const failing = {
    selectFrom: () => ({
      select: () => ({
        where: () => ({ executeTakeFirst: () => Promise.reject(new Error('connection lost')) }),
      }),
    }),
  } as unknown as Db;
  const warnings: { obj: { key?: string; err?: Error }; msg: string }[] = [];
  const log = { warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) };
  vi.useFakeTimers();
  const store = new SettingsStore(failing, clock, 'k', () => ({ n: 0 }), accept, log);
  try {
    store.start();
    await vi.advanceTimersByTimeAsync(5000);
  } finally {
    store.stop();
    vi.useRealTimers();
  }
  expect(warnings).toHaveLength(1);
  expect(warnings[0]!.obj.key).toBe('k');
  expect(warnings[0]!.obj.err?.message).toBe('connection lost');
});

test('a stored value that is not JSON falls back to the defaults, and says so', async () => {
  const t = slowTable('{not json');
  const warnings: object[] = [];
  const store = new SettingsStore(t.db, clock, 'k', () => ({ n: 3 }), accept, {
    warn: (obj) => void warnings.push(obj),
  });
  const reload = store.load();
  await t.answerReads();
  await reload;
  expect(store.current.n).toBe(3);
  expect(warnings).toEqual([{ key: 'k' }]);
});
