// `npm run bundle`: dist/inkproof-<version>.tgz, the built app with its production dependencies,
// run with `node dist/server/main.js` from the folder it is unpacked in (docs/decisions/024).
// Native addons are taken from this checkout's node_modules when the same version is installed
// there (better-sqlite3 would otherwise compile for a minute or two), so the bundle runs on this
// platform and Node major; on another, `npm rebuild` inside it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const started = performance.now();
const step = (what) => console.log(`== ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: 'inherit' });

step('npm run build');
run('npm', ['run', 'build']);

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-bundle-'));
try {
  step(`staging in ${stage}`);
  fs.cpSync('dist/server', path.join(stage, 'dist/server'), { recursive: true });
  fs.cpSync('dist/web', path.join(stage, 'dist/web'), { recursive: true });
  fs.cpSync('dist/verifier', path.join(stage, 'dist/verifier'), { recursive: true });
  fs.cpSync('dist/developers', path.join(stage, 'dist/developers'), { recursive: true });
  const { name, version, description, type, engines, dependencies } = pkg;
  const bundled = { name, version, description, private: true, type, engines, dependencies };
  bundled.scripts = {
    start: 'node dist/server/main.js',
    backup: 'node dist/server/backup.js',
    restore: 'node dist/server/restore.js',
  };
  fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(bundled, null, 2)}\n`);
  fs.copyFileSync('package-lock.json', path.join(stage, 'package-lock.json'));
  fs.copyFileSync('README.md', path.join(stage, 'README.md'));

  step('npm install --omit=dev (from the lock, install scripts off)');
  run(
    'npm',
    ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
    stage,
  );

  for (const dir of packagesWithInstallScripts(path.join(stage, 'node_modules'))) {
    const rel = path.relative(stage, dir);
    const mine = path.resolve(rel);
    const addons = sameVersion(dir, mine) ? nodeFiles(mine) : [];
    if (addons.length > 0) {
      step(`${rel}: native addon copied from this checkout`);
      for (const file of addons) {
        const to = path.join(dir, path.relative(mine, file));
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.copyFileSync(file, to);
      }
    } else {
      step(`${rel}: npm rebuild`);
      run(
        'npm',
        ['rebuild', JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name],
        stage,
      );
    }
  }

  const out = path.resolve('dist', `inkproof-${version}.tgz`);
  step(`writing ${path.relative('.', out)}`);
  run('tar', ['czf', out, '-C', stage, '.']);
  const mb = (fs.statSync(out).size / 1e6).toFixed(1);
  step(`done: ${path.relative('.', out)}, ${mb} MB`);
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}

/** Every installed package (nested ones too) whose install would run a script or node-gyp. */
function packagesWithInstallScripts(nodeModules) {
  const found = [];
  const visit = (root) => {
    if (!fs.existsSync(root)) return;
    for (const entry of fs.readdirSync(root)) {
      if (entry.startsWith('.')) continue;
      const dirs = entry.startsWith('@')
        ? fs.readdirSync(path.join(root, entry)).map((n) => path.join(root, entry, n))
        : [path.join(root, entry)];
      for (const dir of dirs) {
        const manifest = path.join(dir, 'package.json');
        if (!fs.existsSync(manifest)) continue;
        const { scripts = {} } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
        const gyp = fs.existsSync(path.join(dir, 'binding.gyp'));
        if (scripts.preinstall || scripts.install || scripts.postinstall || gyp) found.push(dir);
        visit(path.join(dir, 'node_modules'));
      }
    }
  };
  visit(nodeModules);
  return found;
}

function sameVersion(a, b) {
  const version = (dir) => {
    const file = path.join(dir, 'package.json');
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).version : undefined;
  };
  return version(b) !== undefined && version(a) === version(b);
}

/** The compiled addons of an installed package (build/Release/*.node and the like). */
function nodeFiles(dir) {
  const build = path.join(dir, 'build');
  if (!fs.existsSync(build)) return [];
  return fs
    .readdirSync(build, { recursive: true })
    .map((f) => path.join(build, String(f)))
    .filter((f) => f.endsWith('.node') && fs.statSync(f).isFile());
}
