import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where a worker thread or child process starts, from the `*-worker.ts` source file beside the
 * code that starts it. Compiled, this module is inside a bundle in dist/server/ and the build
 * emitted every `src/server/**\/*-worker.ts` beside it as `<name>.js` (scripts/build-server.mjs);
 * from sources (tsx, vitest) this module is still a `.ts` file and the entry is the source itself.
 */
const compiled = !import.meta.url.endsWith('.ts');

function builtEntry(source: URL): URL {
  const name = path.basename(fileURLToPath(source)).replace(/\.ts$/, '');
  if (!name.endsWith('-worker')) {
    throw new Error(`${name}: a worker entry is named *-worker.ts, or the build does not emit it`);
  }
  return new URL(`./${name}.js`, import.meta.url);
}

/**
 * For `new Worker(workerThreadEntry(new URL('./x-worker.ts', import.meta.url)))`. From sources the
 * thread starts in a two-line module that registers tsx first: on Node 20 a thread ignores its
 * parent's `--import tsx`, and vitest does not use tsx at all.
 */
export function workerThreadEntry(source: URL): URL {
  if (compiled) return builtEntry(source);
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(source.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/**
 * For `fork(entry.path, args, { execArgv: entry.execArgv })`: a child process is given tsx on its
 * command line from sources, and nothing compiled (not even the parent's flags).
 */
export function childProcessEntry(source: URL): { path: string; execArgv: string[] } {
  if (compiled) return { path: fileURLToPath(builtEntry(source)), execArgv: [] };
  return { path: fileURLToPath(source), execArgv: ['--import', import.meta.resolve('tsx')] };
}
