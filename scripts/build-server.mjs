// Compiles the server into dist/server/ (docs/decisions/024-compiled-server.md): main.js, and every
// src/server/**/*-worker.ts as its own bundle beside it, where src/server/lib/worker-entry.ts looks.
// `npm run build` runs it after `vite build`, so it also writes dist/.build-stamp for `npm start`.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const SRC = 'src/server';
const OUT = 'dist/server';

// The operator commands ship compiled too: a release bundle has no tsx (`npm run backup` there).
const entryPoints = { main: `${SRC}/main.ts`, backup: 'scripts/backup.ts', restore: 'scripts/restore.ts' };
for (const file of fs.readdirSync(SRC, { recursive: true }).map(String).sort()) {
  if (!file.endsWith('-worker.ts')) continue;
  const name = path.basename(file, '.ts');
  if (entryPoints[name]) {
    throw new Error(`Two workers are named ${name}: their bundles would overwrite each other`);
  }
  entryPoints[name] = path.join(SRC, file);
}

const started = performance.now();
fs.rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // node_modules stay where npm put them: native addons, files read beside their package (fonts),
  // and no CommonJS inside an ES module bundle.
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
fs.writeFileSync('dist/.build-stamp', `${new Date().toISOString()}\n`);
const names = Object.keys(entryPoints).map((n) => `${n}.js`);
console.log(`server built in ${Math.round(performance.now() - started)} ms: ${OUT}/{${names.join(', ')}}`);
