// `npm start`: runs the compiled server, building first only when an input of the build is newer
// than dist/.build-stamp (written at the end of `npm run build`). Needs no dev tool unless it builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const INPUTS = [
  'src',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'package.json',
  'package-lock.json',
];

/** The newest modification time among the files that go into a build (tests excluded). */
function newestInput() {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, stat.mtimeMs);
  };
  INPUTS.forEach(visit);
  return newest;
}

const built = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : 0;
if (!built || newestInput() > built || !fs.existsSync('dist/server/main.js')) {
  console.log(built ? 'sources changed since the last build: building' : 'no build yet: building');
  const run = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

await import(new URL('../dist/server/main.js', import.meta.url).href);
