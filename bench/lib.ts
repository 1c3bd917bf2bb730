import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { freePort } from '../src/server/test/server-process.ts';
import type { LoadJob, LoadMessage, LoadResult } from './load.ts';

/** Debian's chromium and the flags every browser run here uses (as playwright.config.ts). */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
];

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

export interface Measured {
  name: string;
  rps: number;
  /** autocannon's p99, in whole milliseconds */
  p99: number;
  /**
   * The same p99 to the microsecond (ms, fractional), from every 2xx response's own time: with
   * look-ups answering in 2-5 ms, whole milliseconds move a ratio of two p99s by 0.2-0.5.
   */
  p99Exact?: number;
  /** CPU time the server process spent per request (µs), when its pid was given. */
  cpuUs?: number;
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux). On a 2-core machine
 * the load generator competes with the server, so throughput alone swings with whatever else
 * runs; the server's CPU per request is the steadier number of the two.
 */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s ticks
  } catch {
    return undefined;
  }
}

/**
 * Pins a process and all its threads (and the threads it starts later) to `cpus` ("0", "1",
 * "0-1"): the server on one core, the load generator on the other, so neither steals the other's.
 */
export function pin(pid: number, cpus: string) {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

export const ALL_CPUS = `0-${os.availableParallelism() - 1}`;

/**
 * Measures `url` (or, with `paths`, a path picked at random from them for each request) from a
 * load generator in a process of its own (bench/load.ts), so the bench's own heap and work stay
 * out of the times. It is forked here, so it runs on the cores this process is pinned to.
 */
export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  paths?: string[],
  pid?: number,
  connections = CONNECTIONS,
  seconds = DURATION_S,
): Promise<Measured> {
  const job: LoadJob = { url, headers, ...(paths ? { paths } : {}), connections, seconds };
  const child = fork('bench/load.ts', [], {
    execArgv: ['--import', 'tsx'],
  });
  let cpuBefore: number | undefined;
  const r = await new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (m: LoadMessage) => {
      if ('measuring' in m) {
        cpuBefore = pid ? cpuMs(pid) : undefined; // the warm-up is over
      } else if ('result' in m) {
        resolve(m.result);
      } else {
        reject(new Error(`${name}: ${m.error}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`${name}: the load generator exited (${code})`)));
    child.send(job);
  });
  const cpuAfter = pid ? cpuMs(pid) : undefined;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx and ${r.errors} errors`);
  const window = seconds * 1000;
  if (r.gcMs > 0.05 * window) {
    console.warn(
      `${name}: the load generator spent ${((100 * r.gcMs) / window).toFixed(0)}% of the run in GC`,
    );
  }
  const cpuUs =
    cpuBefore !== undefined && cpuAfter !== undefined && r.total > 0
      ? ((cpuAfter - cpuBefore) * 1000) / r.total
      : undefined;
  return {
    name,
    rps: r.rps,
    p99: r.p99,
    ...(r.p99Exact !== undefined ? { p99Exact: r.p99Exact } : {}),
    ...(cpuUs !== undefined ? { cpuUs } : {}),
  };
}

/** Starts a bench server script as its own process; it says 'ready' once it listens on PORT. */
export async function startScript(file: string, env: Record<string, string>) {
  const port = await freePort();
  const child = fork(file, [], {
    // BENCH_PROFILE profiles these too (src/server/test/server-process.ts does the server)
    execArgv: [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/srvprof'] : []),
      '--import',
      'tsx',
    ],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return { base: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill() };
}

/** Starts bench/baseline-server.ts answering `body`. */
export const startBaseline = (body: string) =>
  startScript('bench/baseline-server.ts', { BASELINE_BODY: body });

/** The middle run of each measure (throughput, p99, CPU taken separately). */
export function median(runs: Measured[]): Measured {
  const mid = <T>(xs: T[], key: (x: T) => number) => [...xs].sort((a, b) => key(a) - key(b))[xs.length >> 1]!;
  const cpus = runs.map((r) => r.cpuUs).filter((c): c is number => c !== undefined);
  const exact = runs.map((r) => r.p99Exact).filter((c): c is number => c !== undefined);
  return {
    name: runs[0]!.name,
    rps: mid(runs, (r) => r.rps).rps,
    p99: mid(runs, (r) => r.p99).p99,
    ...(exact.length === runs.length ? { p99Exact: mid(exact, (c) => c) } : {}),
    ...(cpus.length ? { cpuUs: mid(cpus, (c) => c) } : {}),
  };
}

export function printTable(baseline: Measured, rows: Measured[]) {
  const cpu = (m: Measured) =>
    m.cpuUs !== undefined && baseline.cpuUs !== undefined
      ? `  server cpu ${m.cpuUs.toFixed(1).padStart(5)} µs/req (ratio ${(baseline.cpuUs / m.cpuUs).toFixed(2)})`
      : '';
  const fmt = (m: Measured) =>
    `${m.name.padEnd(44)} ${m.rps.toFixed(0).padStart(8)} req/s  p99 ${String(m.p99).padStart(4)} ms  ratio ${(m.rps / baseline.rps).toFixed(2)}${cpu(m)}`;
  console.log(fmt(baseline));
  for (const r of rows) console.log(fmt(r));
}

/**
 * Measures `url` while `inFlight` loops keep running `job` over `items` (each item once), until the
 * measurement ends; answers the measurement and each job's time (ms, sorted).
 */
export async function measureDuring<T>(
  name: string,
  url: string,
  items: T[],
  job: (item: T) => Promise<void>,
  inFlight = 4,
  pid?: number,
) {
  let stop = false;
  const times: number[] = [];
  const queue = [...items];
  const burst = Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (!stop && queue.length > 0) {
        const t = performance.now();
        await job(queue.shift()!);
        times.push(performance.now() - t);
      }
    }),
  );
  const during = await measure(name, url, {}, undefined, pid);
  stop = true;
  await burst;
  return { during, times: times.sort((a, b) => a - b), unused: queue.length };
}
