import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../src/server/test/server-process.ts';

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

export interface Measured {
  name: string;
  rps: number;
  p99: number;
}

export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  requests?: autocannon.Request[],
): Promise<Measured> {
  // warm-up, then the measured run
  await autocannon({
    url,
    headers,
    duration: 1,
    connections: CONNECTIONS,
    ...(requests ? { requests } : {}),
  });
  const r = await autocannon({
    url,
    headers,
    duration: DURATION_S,
    connections: CONNECTIONS,
    ...(requests ? { requests } : {}),
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx and ${r.errors} errors`);
  return { name, rps: r.requests.average, p99: r.latency.p99 };
}

/** Starts bench/baseline-server.ts answering `body`. */
export async function startBaseline(body: string) {
  const port = await freePort();
  const child = fork('bench/baseline-server.ts', [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: String(port), BASELINE_BODY: body },
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

export function printTable(baseline: Measured, rows: Measured[]) {
  const fmt = (m: Measured) =>
    `${m.name.padEnd(44)} ${m.rps.toFixed(0).padStart(8)} req/s  p99 ${String(m.p99).padStart(4)} ms  ratio ${(m.rps / baseline.rps).toFixed(2)}`;
  console.log(fmt(baseline));
  for (const r of rows) console.log(fmt(r));
}
