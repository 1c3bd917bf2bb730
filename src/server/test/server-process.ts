import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * V8's old generation starts at 128 MB instead of a limit sized from the first live heap (~36 MB
 * here): with the young generation's 32 MB, that limit left less room than one young generation,
 * so while documents were signed every promotion restarted incremental marking, a full collection
 * every ~0.5 s freeing ~2 MB, each a pause the look-ups waited through (decision 044). Every way
 * the server starts passes it (package.json's start, the Dockerfile, the bundle and its smoke
 * test; start-flags.test.ts).
 *
 * No allocation-site pretenuring: V8 marks an allocation site "tenure" when nearly all of its
 * recent objects are alive at one scavenge, and never takes it back. A look-up server's first
 * second of traffic (20 requests in flight in slow, unoptimised code) sometimes made that true of
 * a per-request site; from then on each request's objects went straight to the old generation,
 * ~2 MB promoted per scavenge and a full collection every second, for the process's whole life:
 * 35-44 µs a look-up instead of 22-28, p99 9-11 ms pinned instead of 3 (decision 046).
 *
 * Single-threaded GC: each isolate collects its own garbage on its own thread. Otherwise V8 hands
 * parts of every collection to Node's platform threads, shared by all the process's isolates and
 * running at normal priority: the PDF worker's collections (~1 s of them in 20 s of signing) ran
 * there, outside its SCHED_IDLE thread, beside the event loop, and the event loop's own parallel
 * scavenges waited on those threads (p90 0.6 -> 1.2 ms, up to 9.5 ms, while PDFs were signed).
 * With it, look-ups during signing: p99 2.2-2.7x idle instead of 2.7-3.2x (decision 049).
 */
export const SERVER_NODE_FLAGS = [
  '--initial-old-space-size=128',
  '--no-allocation-site-pretenuring',
  '--single-threaded-gc',
] as const;

/** How a server process starts: the sources through tsx (no build needed), or the build `npm start` runs. */
export const SERVER_COMMANDS = {
  sources: [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'],
  compiled: [...SERVER_NODE_FLAGS, 'dist/server/main.js'],
} as const;

/** Starts the real server as its own process and waits until it is ready. */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { from?: keyof typeof SERVER_COMMANDS } = {},
) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/srvprof'] : []),
      ...SERVER_COMMANDS[opts.from ?? 'sources'],
    ],
    {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    port,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A fetch-based browser stand-in over real HTTP: cookies and the CSRF header. */
export class HttpAgent {
  cookie = '';
  csrf = '';
  constructor(public base: string) {}

  async fetch(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.csrf) headers['x-csrf-token'] = this.csrf;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('inkproof_session='));
    if (set) this.cookie = set.split(';')[0]!;
    const token = res.headers.get('x-csrf-token');
    if (token) this.csrf = token;
    return res;
  }
}
