import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * What the verification service worker keeps for offline use (public/verify-sw.js): the page, and
 * the toaster the shell loads on every page once idle.
 */
export const OFFLINE_SOURCES = [
  'src/web/features/verification/pages/verify-signature-page.tsx',
  'src/web/components/ui/toaster.tsx',
];
export const OFFLINE_WORKER = 'verify-sw.js';
/** The line of public/verify-sw.js the build fills in. */
const PARTS_LINE = /^const PARTS = \[\];$/m;

/**
 * Lazily imported modules left out: the handwriting fonts (45 of them, a few hundred KB) that a
 * typed signature's preview loads one at a time; a phone keeps the ones it has shown.
 */
const NOT_KEPT = /[\\/]@fontsource[\\/]/;

/**
 * The files a page may load while it is open: its chunk, everything it imports statically or
 * lazily (answer cards, checks, camera view, QR decoder), and their styles and assets, as URLs.
 * The entry and its static imports are left out: every page loads them first (the page reports
 * them), and what the entry loads lazily is the other pages.
 */
export function pageFiles(chunks: Map<string, OutputChunk>, pageFiles: string[], base = '/'): string[] {
  const initial = new Set<string>();
  const shell = (file: string) => {
    if (initial.has(file) || !chunks.has(file)) return;
    initial.add(file);
    for (const dep of chunks.get(file)!.imports) shell(dep);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) shell(chunk.fileName);
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = chunks.get(file);
    if (!chunk || seen.has(file) || initial.has(file)) return;
    if (chunk.facadeModuleId && NOT_KEPT.test(chunk.facadeModuleId)) return;
    seen.add(file);
    files.add(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const dep of [...chunk.imports, ...chunk.dynamicImports]) visit(dep);
  };
  for (const file of pageFiles) visit(file);
  return [...files].sort().map((file) => `${base}${file}`);
}

/** The worker's source with the page's files written into its PARTS list. */
export function withParts(workerSource: string, files: string[]): string {
  if (!PARTS_LINE.test(workerSource)) throw new Error(`${OFFLINE_WORKER} has no line \`const PARTS = [];\``);
  return workerSource.replace(PARTS_LINE, `const PARTS = ${JSON.stringify(files)};`);
}

/**
 * Writes into the built verify-sw.js the files the verification page loads only when used, so that
 * the worker fetches and keeps them for offline use itself. The page used to import them all once
 * idle, which ran every module (the QR decoder's 130 KB among them) on the phone's main thread
 * while it was still settling (Lighthouse: blocking time); the worker does it on its own thread.
 */
export function offlineFiles(): Plugin {
  let root = process.cwd();
  let outDir = 'dist/web';
  let base = '/';
  let files: string[] | null = null;
  return {
    name: 'inkproof-offline-files',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, OutputChunk>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
      const starts: string[] = [];
      for (const src of OFFLINE_SOURCES) {
        const id = path.resolve(root, src);
        const chunk = [...chunks.values()].find((c) => c.isDynamicEntry && c.facadeModuleId === id);
        if (!chunk) return this.error(`offline files: no chunk for ${src}`);
        starts.push(chunk.fileName);
      }
      files = pageFiles(chunks, starts, base);
    },
    // After the public folder has been copied (renderStart) and before precompress (closeBundle).
    writeBundle() {
      if (!files) return;
      const worker = path.join(outDir, OFFLINE_WORKER);
      fs.writeFileSync(worker, withParts(fs.readFileSync(worker, 'utf8'), files));
    },
  };
}
