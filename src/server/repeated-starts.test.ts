import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { freePort } from './test/server-process.ts';

// Two starts by default; CI runs 50 on Node 24 (INKPROOF_START_RUNS=50), where one start in five
// used to abort in better-sqlite3 (decision 020).
const runs = Number(process.env.INKPROOF_START_RUNS ?? 2);
const parallel = 2;
const readyWithinMs = 60_000;
const crashText = /Assertion failed|FATAL ERROR|Native stack trace|Segmentation fault/;

/** One start on a fresh data folder: undefined when it was ready and exited cleanly, else why not. */
async function startAndStop(): Promise<string | undefined> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-start-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  try {
    let ready = false;
    const deadline = Date.now() + readyWithinMs;
    while (!ready && child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    if (ready) child.kill('SIGTERM');
    else if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    const [code, signal] = await exited;
    if (!ready || code !== 0 || crashText.test(stderr)) {
      return `${ready ? 'ready' : 'never ready'}, exit code ${code}, signal ${signal}\n${stderr.slice(0, 1500)}`;
    }
    return undefined;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

test(
  `the server starts on a fresh data folder, answers /readyz and exits 0 on SIGTERM, ${runs} times`,
  async () => {
    const problems: string[] = [];
    let started = 0;
    await Promise.all(
      Array.from({ length: Math.min(parallel, runs) }, async () => {
        while (started < runs) {
          const run = ++started;
          const problem = await startAndStop();
          if (problem) problems.push(`start ${run}: ${problem}`);
        }
      }),
    );
    expect(started).toBe(runs);
    expect(problems, `${problems.length} of ${runs} starts failed on Node ${process.version}`).toEqual([]);
  },
  (runs / parallel + 1) * (readyWithinMs + 15_000),
);
