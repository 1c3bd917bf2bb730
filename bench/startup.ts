import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, SERVER_COMMANDS, startServerProcess } from '../src/server/test/server-process.ts';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 7);
const GOAL_MS = 1000;

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** CPU time (user + system) a process has used, from /proc (Linux): it moves far less with load than wall time. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

interface Run {
  wallMs: number;
  cpuMs: number;
}

/** From spawning `node …` to the first 200 from /readyz (polled every 10 ms), and the CPU it took. */
async function timeToReady(args: readonly string[], dataDir: string): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { wallMs: performance.now() - started, cpuMs: cpuMs(child.pid!) };
      if (performance.now() - started > 60_000) throw new Error(`server not ready in 60 s:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Start-up to /readyz on an existing (already migrated) SQLite database, compiled
 * (`node dist/server/main.js`, what `npm start` and the release bundle run) against the sources
 * under tsx, runs interleaved so both see the same machine load.
 */
export async function benchStartup() {
  if (!fs.existsSync('dist/server/main.js')) {
    console.log('\n## start-up: skipped, run `npm run build` first');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bench-startup-'));
  try {
    const first = await startServerProcess({ DATA_DIR: dir, LOG_LEVEL: 'warn' }, { from: 'compiled' });
    await first.stop();
    const runs: Record<keyof typeof SERVER_COMMANDS, Run[]> = { compiled: [], sources: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const from of ['compiled', 'sources'] as const) {
        runs[from].push(await timeToReady(SERVER_COMMANDS[from], dir));
      }
    }
    const load = os.loadavg()[0]!.toFixed(1);
    console.log(`\n## start-up to /readyz 200, existing SQLite database, ${RUNS} runs (load ${load})`);
    const stats = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return {
        median: Math.round(sorted[sorted.length >> 1]!),
        min: Math.round(sorted[0]!),
        max: Math.round(sorted.at(-1)!),
      };
    };
    for (const [from, measured] of Object.entries(runs)) {
      const wall = stats(measured.map((r) => r.wallMs));
      const cpu = stats(measured.map((r) => r.cpuMs));
      const cmd = `node ${SERVER_COMMANDS[from as keyof typeof SERVER_COMMANDS].join(' ')}`;
      const verdict =
        from === 'compiled' ? `; goal < ${GOAL_MS} ms ${wall.median < GOAL_MS ? 'met' : 'MISSED'}` : '';
      console.log(
        `${cmd.padEnd(38)} median ${wall.median} ms (min ${wall.min}, max ${wall.max}), CPU ${cpu.median} ms${verdict}`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
