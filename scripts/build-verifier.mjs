// Builds the stand-alone verifier (docs/decisions/033-standalone-verifier.md):
// src/web/verifier/ bundled into ONE html file, script and style inline, at
// dist/verifier/verifier.html (beside dist/web, whose files are served as they are). The server
// fills in the instance's key set at GET /verifier.html. `npm run build` runs it after `vite build`.
// Usage: node scripts/build-verifier.mjs [--out <file>]
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, transform } from 'esbuild';

const SRC = 'src/web/verifier';
const outArg = process.argv.indexOf('--out');
const OUT = outArg > 0 ? process.argv[outArg + 1] : 'dist/verifier/verifier.html';

const started = performance.now();
const js = await build({
  entryPoints: [`${SRC}/main.ts`],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox113', 'safari16.4'],
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
});
// `</script` inside the inline script would end it early; minified code never needs that spelling.
const script = js.outputFiles[0].text.trim().replace(/<\/(script)/gi, '<\\/$1');
const style = (
  await transform(fs.readFileSync(`${SRC}/verifier.css`, 'utf8'), { loader: 'css', minify: true })
).code.trim();

const hash = (text) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
// Opened from disk the file keeps the policy the server sends: its own script and style only.
const csp = [
  "default-src 'none'",
  `script-src ${hash(script)}`,
  `style-src ${hash(style)}`,
  'img-src blob: data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const template = fs.readFileSync(`${SRC}/verifier.html`, 'utf8');
// Whole elements are replaced, so the hashed text is exactly what sits between the tags however
// the template is formatted.
const parts = [
  [/__CSP__/, () => csp],
  [/<style>\s*__STYLE__\s*<\/style>/, () => `<style>${style}</style>`],
  [/<script>\s*__SCRIPT__\s*<\/script>/, () => `<script>${script}</script>`],
];
let html = template;
for (const [pattern, value] of parts) {
  if (!pattern.test(html)) throw new Error(`${SRC}/verifier.html has no ${pattern}`);
  html = html.replace(pattern, value);
}
if (!html.includes('__KEYS__')) throw new Error(`${SRC}/verifier.html has no __KEYS__`);
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, html);
const gz = zlib.gzipSync(html).length;
console.log(
  `verifier built in ${Math.round(performance.now() - started)} ms: ${OUT} (${Math.round(html.length / 1024)} KB, ${Math.round(gz / 1024)} KB gzip)`,
);
