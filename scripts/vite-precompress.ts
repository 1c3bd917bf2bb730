import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|woff)$/;

/**
 * Writes .br and .gz beside every text asset after a build, so the server sends them
 * pre-compressed (@fastify/static preCompressed) without spending CPU per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist/web';
  return {
    name: 'inkproof-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          return e.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
        // Assets kept from earlier builds (scripts/vite-keep-assets.ts) are compressed already.
        if (fs.existsSync(`${file}.gz`) && fs.statSync(`${file}.gz`).mtimeMs >= fs.statSync(file).mtimeMs)
          continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}
