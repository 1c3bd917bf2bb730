import { PerformanceObserver } from 'node:perf_hooks';
import autocannon from 'autocannon';

/**
 * The load generator: one measurement (a second of warm-up, then the measured run) in a process
 * of its own, started fresh for each by `measure` (bench/lib.ts).
 *
 * In the bench's own process the load shared a heap with everything else the bench does (seeding,
 * uploading hundreds of 1 MB PDFs, signing over HTTP while it measures). In 3 bench runs of 20,
 * that heap got into a state where every scavenge promoted ~3 MB and took ~5 ms instead of 1:
 * autocannon's clock saw those pauses as a look-up p99 of 5-6 ms against 1.4-1.6 ms, in every
 * round of that run, while the server's own CPU per look-up was normal (decision 037). Here the
 * load is all this process does.
 */
export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  /** paths requested in turn, each picked at random (a look-up of one of many references) */
  paths?: string[];
  connections: number;
  seconds: number;
}

/** What the load generator sends back: once its warm-up is over, then its result or error. */
export type LoadMessage = { measuring: true } | { result: LoadResult } | { error: string };

export interface LoadResult {
  rps: number;
  /** autocannon's p99, whole milliseconds */
  p99: number;
  /** the p99 of every 2xx answer's own time (ms, fractional) */
  p99Exact?: number;
  total: number;
  non2xx: number;
  errors: number;
  /** time this process spent in garbage collection during the measured run (ms) */
  gcMs: number;
}

function options(job: LoadJob, seconds: number): autocannon.Options {
  const { paths } = job;
  return {
    url: job.url,
    headers: job.headers,
    duration: seconds,
    connections: job.connections,
    ...(paths?.length
      ? {
          requests: [
            {
              setupRequest: (r: autocannon.Request) => ({
                ...r,
                path: paths[Math.floor(Math.random() * paths.length)]!,
              }),
            },
          ],
        }
      : {}),
  };
}

const send = (m: LoadMessage) => new Promise<void>((resolve) => process.send!(m, () => resolve()));

async function run(job: LoadJob): Promise<LoadResult> {
  await autocannon(options(job, 1)); // warm-up
  await send({ measuring: true });
  let gcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMs += e.duration;
  });
  gc.observe({ entryTypes: ['gc'] });
  const times: number[] = [];
  // With a callback, autocannon answers its instance, whose 'response' events carry each time.
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options(job, job.seconds), (err, result) =>
      err ? reject(err) : resolve(result),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  gc.disconnect();
  times.sort((a, b) => a - b);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    ...(times.length
      ? { p99Exact: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]! }
      : {}),
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    gcMs,
  };
}

process.once('message', (job: LoadJob) => {
  run(job).then(
    (result) => send({ result }).then(() => process.exit(0)),
    (err: Error) => send({ error: err.message }).then(() => process.exit(1)),
  );
});
