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

/** How a server process starts: the sources through tsx (no build needed), or the build `npm start` runs. */
export const SERVER_COMMANDS = {
  sources: ['--import', 'tsx', 'src/server/main.ts'],
  compiled: ['dist/server/main.js'],
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
