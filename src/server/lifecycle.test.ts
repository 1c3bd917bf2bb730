import { expect, test, vi } from 'vitest';
import { every, startAll, type Lifecycle } from './lifecycle.ts';

function recorder() {
  const events: string[] = [];
  const logged: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const log = {
    warn: (obj: object, msg: string) =>
      void logged.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    error: (obj: object, msg: string) =>
      void logged.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
  const entry = (name: string, opts: { failStart?: boolean; failStop?: boolean } = {}): Lifecycle => ({
    name,
    start: () => {
      if (opts.failStart) throw new Error(`${name} cannot start`);
      events.push(`start ${name}`);
    },
    stop: async () => {
      await Promise.resolve();
      if (opts.failStop) throw new Error(`${name} cannot stop`);
      events.push(`stop ${name}`);
    },
  });
  return { events, logged, log, entry };
}

test('entries start in order and stop in reverse', async () => {
  const r = recorder();
  const stop = await startAll([r.entry('db'), r.entry('pool'), r.entry('timer')], r.log);
  await stop();
  expect(r.events).toEqual(['start db', 'start pool', 'start timer', 'stop timer', 'stop pool', 'stop db']);
});

test('a stop that fails is logged with its name and the others still stop', async () => {
  const r = recorder();
  const stop = await startAll([r.entry('db'), r.entry('pool', { failStop: true }), r.entry('timer')], r.log);
  await stop();
  expect(r.events).toEqual(['start db', 'start pool', 'start timer', 'stop timer', 'stop db']);
  expect(r.logged).toHaveLength(1);
  expect(r.logged[0]).toMatchObject({ level: 'error', obj: { name: 'pool' } });
  expect((r.logged[0]!.obj.err as Error).message).toBe('pool cannot stop');
});

test('a start that fails stops what already started and throws', async () => {
  const r = recorder();
  await expect(
    startAll([r.entry('db'), r.entry('pool'), r.entry('timer', { failStart: true })], r.log),
  ).rejects.toThrow('timer cannot start');
  expect(r.events).toEqual(['start db', 'start pool', 'stop pool', 'stop db']);
});

test('a timer whose run fails logs the failure with its name and keeps running', async () => {
  vi.useFakeTimers();
  try {
    const r = recorder();
    let runs = 0;
    const timer = every(
      'clean-up',
      1000,
      async () => {
        runs++;
        if (runs === 1) throw new Error('database gone');
      },
      r.log,
    );
    const stop = await startAll([timer], r.log);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
    expect(r.logged).toHaveLength(1);
    expect(r.logged[0]).toMatchObject({ level: 'warn', obj: { name: 'clean-up' } });
    expect((r.logged[0]!.obj.err as Error).message).toBe('database gone');
    await stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  } finally {
    vi.useRealTimers();
  }
});

test('a timer with a final run runs once more when stopped', async () => {
  const r = recorder();
  let runs = 0;
  const stop = await startAll(
    [every('flush', 60_000, async () => void runs++, r.log, { finalRun: true })],
    r.log,
  );
  await stop();
  expect(runs).toBe(1);
});

test('stopping a timer waits for the run in progress before what is stopped after it', async () => {
  vi.useFakeTimers();
  try {
    const r = recorder();
    let finish: () => void = () => undefined;
    const timer = every(
      'clean-up',
      1000,
      () =>
        new Promise<void>((resolve) => {
          r.events.push('run started');
          finish = () => {
            r.events.push('run finished');
            resolve();
          };
        }),
      r.log,
    );
    const stop = await startAll([r.entry('db'), timer], r.log);
    await vi.advanceTimersByTimeAsync(1000);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.events).toEqual(['start db', 'run started']);
    finish();
    await stopped;
    expect(r.events).toEqual(['start db', 'run started', 'run finished', 'stop db']);
  } finally {
    vi.useRealTimers();
  }
});
