// CI: unpacks the release bundle into an empty folder, starts `node dist/server/main.js` there on a
// free port with a fresh SQLite database and only the environment a user would set, and checks
// /readyz, the home page and one API call. `node scripts/bundle-smoke.mjs [dist/inkproof-<v>.tgz]`
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const tgz = path.resolve(process.argv[2] ?? `dist/inkproof-${version}.tgz`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-smoke-'));
const dataDir = path.join(dir, 'data');
execFileSync('tar', ['xzf', tgz, '-C', dir]);

const port = await new Promise((resolve, reject) => {
  const srv = net.createServer().once('error', reject);
  srv.listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const child = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: dir,
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
try {
  let ready = false;
  while (!ready && child.exitCode === null && performance.now() - started < 30_000) {
    ready = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  check(ready, `/readyz 200 after ${Math.round(performance.now() - started)} ms`);
  if (ready) {
    const home = await fetch(`${base}/`);
    const html = await home.text();
    check(
      home.status === 200 &&
        /text\/html/.test(home.headers.get('content-type') ?? '') &&
        html.includes('<div id="root"'),
      'GET / answers the web app',
    );
    const settings = await fetch(`${base}/api/site-settings`);
    const body = await settings.json().catch(() => null);
    check(
      settings.status === 200 && typeof body?.siteName === 'string',
      'GET /api/site-settings answers JSON',
    );
  }
} finally {
  const exited = new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
  child.kill('SIGTERM');
  await exited;
  fs.rmSync(dir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`\nbundle smoke test failed; server output:\n${output}`);
  process.exit(1);
}
console.log(`bundle ${path.basename(tgz)}: runs from an empty folder`);
