// The API reference page's files (GET /developers): Scalar's browser build, the script that starts
// it on this instance's OpenAPI document, and the page's style, into dist/developers/ (beside
// dist/web, like the verifier), each with its .gz and .br. The server renders the page around
// them (src/server/modules/api/developers.routes.ts). `npm run build` runs it after `vite build`.
// Usage: node scripts/build-developers.mjs [--out <folder>]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { transform } from 'esbuild';

const SRC = 'src/web/developers';
const outArg = process.argv.indexOf('--out');
const OUT = outArg > 0 ? process.argv[outArg + 1] : 'dist/developers';

const started = performance.now();
const files = {
  'reference.js': fs.readFileSync('node_modules/@scalar/api-reference/dist/browser/standalone.js', 'utf8'),
  'developers.js': (
    await transform(fs.readFileSync(`${SRC}/developers.js`, 'utf8'), {
      loader: 'js',
      minify: true,
      target: 'es2022',
    })
  ).code,
  'developers.css': (
    await transform(fs.readFileSync(`${SRC}/developers.css`, 'utf8'), { loader: 'css', minify: true })
  ).code,
};
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
for (const [name, text] of Object.entries(files)) {
  const file = path.join(OUT, name);
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
  );
}
const size = (name) => Math.round(fs.statSync(path.join(OUT, name)).size / 1024);
console.log(
  `API reference built in ${Math.round(performance.now() - started)} ms: ${OUT} (reference.js ${size('reference.js')} KB, ${size('reference.js.br')} KB brotli)`,
);
