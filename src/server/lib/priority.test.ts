import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';

// Decision 057: after compileOnEachWorkersOwnThread() a new worker thread compiles its hot code
// on its own thread (the PDF worker's runs under SCHED_IDLE), while the event loop's isolate,
// created before, keeps compiling in the background. Read from V8's --trace-opt, which names
// each compile's mode (Node 20 traces TurboFan; Node 22 and later Maglev too).
const hot = (name: string) =>
  `function ${name}(x) { let s = 0; for (let i = 0; i < 100; i++) s += i * x; return s; }\n` +
  `{ let t = 0; for (let i = 0; i < 2e5; i++) t += ${name}(i); }\n`;

function compileModes(switchFirst: boolean) {
  const script = [
    `import { Worker } from 'node:worker_threads';`,
    `import { compileOnEachWorkersOwnThread } from ${JSON.stringify(new URL('./priority.ts', import.meta.url).href)};`,
    switchFirst ? 'compileOnEachWorkersOwnThread();' : '',
    hot('hotOnTheEventLoop'),
    `new Worker(${JSON.stringify(hot('hotInTheWorker'))}, { eval: true });`,
  ].join('\n');
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--trace-opt', '--input-type=module', '-e', script],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const modes = (fn: string) =>
    new Set(
      out
        .split('\n')
        .filter((l) => l.startsWith('[compiling method') && l.includes(`JSFunction ${fn} `))
        .map((l) => /ConcurrencyMode::(\w+)/.exec(l)?.[1]),
    );
  return { eventLoop: modes('hotOnTheEventLoop'), worker: modes('hotInTheWorker') };
}

test("after compileOnEachWorkersOwnThread a worker compiles on its own thread, the event loop's isolate still in the background", () => {
  // what the switch changes, so this test can fail
  expect(compileModes(false).worker).toEqual(new Set(['kConcurrent']));
  const { eventLoop, worker } = compileModes(true);
  expect(worker).toEqual(new Set(['kSynchronous']));
  expect(eventLoop).toEqual(new Set(['kConcurrent']));
});
