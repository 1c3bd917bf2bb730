// Rewrites imports in src/ that climb two folders or more (`../../lib/x.ts`) to the package.json
// "imports" alias of their target (`#server/lib/x.ts`), keeping the specifier's extension and query.
// Idempotent: a second run finds nothing to do, so it can be re-run after every merge.
//   node scripts/codemods/aliases.mjs            rewrite src/
//   node scripts/codemods/aliases.mjs --check    list what it would change; exit 1 if anything
//   node scripts/codemods/aliases.mjs <dir|file>…  only these
// Finds imports with TypeScript's pre-processor (static, `export … from`, `import()`, `require`),
// so text in comments and strings is left alone.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const targets = args.filter((a) => a !== '--check');

// "#server/*": "./src/server/*" → ['#server/', 'src/server/']
const aliases = Object.entries(
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {},
)
  .filter(([key, to]) => key.endsWith('/*') && typeof to === 'string' && to.endsWith('/*'))
  .map(([key, to]) => [key.slice(0, -1), path.normalize(to.slice(0, -1)).replace(/\\/g, '/')]);

const CLIMB = /^(\.\.\/){2,}/;
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

function* files(entry) {
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    if (SOURCE.test(entry)) yield entry;
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    yield* files(path.join(entry, name));
  }
}

/** The alias form of `spec` imported from `file`, or null when its target has no alias. */
function aliasFor(file, spec) {
  const q = spec.search(/[?#]/);
  const [bare, suffix] = q < 0 ? [spec, ''] : [spec.slice(0, q), spec.slice(q)];
  const target = path.relative(root, path.resolve(path.dirname(file), bare)).replace(/\\/g, '/');
  for (const [alias, dir] of aliases) {
    if (target.startsWith(dir)) return `${alias}${target.slice(dir.length)}${suffix}`;
  }
  return null;
}

let changedFiles = 0;
let rewritten = 0;
const unaliased = [];
for (const entry of targets.length ? targets : ['src']) {
  for (const file of files(path.resolve(root, entry))) {
    const text = fs.readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const edits = [];
    for (const ref of importedFiles) {
      if (!CLIMB.test(ref.fileName)) continue;
      const alias = aliasFor(file, ref.fileName);
      // ref.pos is at the opening quote or at the text itself, depending on the TypeScript version
      const pos = text.indexOf(ref.fileName, ref.pos);
      if (pos < 0 || pos > ref.pos + 1) throw new Error(`${file}: cannot find ${ref.fileName} at ${ref.pos}`);
      if (alias) edits.push({ pos, end: pos + ref.fileName.length, from: ref.fileName, to: alias });
      else unaliased.push(`${path.relative(root, file)}: ${ref.fileName}`);
    }
    if (edits.length === 0) continue;
    let out = text;
    for (const e of edits.sort((a, b) => b.pos - a.pos)) out = out.slice(0, e.pos) + e.to + out.slice(e.end);
    changedFiles++;
    rewritten += edits.length;
    if (check) for (const e of edits) console.log(`${path.relative(root, file)}: ${e.from} -> ${e.to}`);
    else fs.writeFileSync(file, out);
  }
}

for (const u of unaliased) console.warn(`no alias for ${u}`);
console.log(
  `${check ? 'would rewrite' : 'rewrote'} ${rewritten} import(s) in ${changedFiles} file(s)` +
    (unaliased.length ? `; ${unaliased.length} climb(s) without an alias left as they are` : ''),
);
if (check && rewritten > 0) process.exitCode = 1;
