/** Background work of the app: started in list order when it is built, stopped in reverse on close. */
export interface Lifecycle {
  name: string;
  start?: () => void | Promise<void>;
  stop?: () => void | Promise<void>;
}

export interface LifecycleLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Starts each entry in order and returns the function that stops them. If a start fails, the
 * entries already started are stopped again before the error is thrown.
 */
export async function startAll(
  entries: readonly Lifecycle[],
  log: LifecycleLog,
): Promise<() => Promise<void>> {
  const started: Lifecycle[] = [];
  try {
    for (const entry of entries) {
      await entry.start?.();
      started.push(entry);
    }
  } catch (err) {
    await stopAll(started, log);
    throw err;
  }
  return () => stopAll(started, log);
}

/** Stops in reverse order; a stop that fails is logged with its name and the others still run. */
export async function stopAll(entries: readonly Lifecycle[], log: LifecycleLog): Promise<void> {
  for (const entry of [...entries].reverse()) {
    try {
      await entry.stop?.();
    } catch (err) {
      log.error({ err, name: entry.name }, 'stopping background work failed');
    }
  }
}

/**
 * Runs `task` every `ms` on a timer that does not keep the process alive. A failed run is logged
 * with the entry's name. Stopping waits for a run in progress (what comes after it in the stop
 * order, e.g. the database, is still there for it); with `finalRun` it then runs the task once
 * more (a last flush).
 */
export function every(
  name: string,
  ms: number,
  task: () => Promise<unknown>,
  log: LifecycleLog,
  opts: { finalRun?: boolean } = {},
): Lifecycle {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= task()
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err, name }, 'background task failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  return {
    name,
    start: () => {
      timer = setInterval(run, ms);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      await running;
      if (opts.finalRun) await task();
    },
  };
}
