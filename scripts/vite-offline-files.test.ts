import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { pageFiles, withParts } from './vite-offline-files.ts';

type Chunk = Rolldown.OutputChunk;

/** A chunk with just what pageFiles reads. */
function chunk(
  fileName: string,
  over: Partial<Pick<Chunk, 'imports' | 'dynamicImports' | 'isEntry' | 'facadeModuleId'>> & {
    css?: string[];
    assets?: string[];
  } = {},
): [string, Chunk] {
  return [
    fileName,
    {
      fileName,
      imports: over.imports ?? [],
      dynamicImports: over.dynamicImports ?? [],
      isEntry: over.isEntry ?? false,
      facadeModuleId: over.facadeModuleId ?? null,
      viteMetadata: { importedCss: new Set(over.css ?? []), importedAssets: new Set(over.assets ?? []) },
    } as unknown as Chunk,
  ];
}

const bundle = new Map<string, Chunk>([
  // The entry loads every page lazily; react and the shell come with it.
  chunk('assets/index.js', {
    isEntry: true,
    imports: ['assets/runtime.js'],
    dynamicImports: ['assets/verify.js', 'assets/about.js'],
  }),
  chunk('assets/runtime.js'),
  chunk('assets/about.js', { imports: ['assets/index.js'] }),
  chunk('assets/verify.js', {
    imports: ['assets/index.js', 'assets/kit.js'],
    dynamicImports: ['assets/cards.js', 'assets/decode-qr.js'],
  }),
  chunk('assets/kit.js', { imports: ['assets/runtime.js'], dynamicImports: ['assets/font-a.js'] }),
  chunk('assets/cards.js', { imports: ['assets/kit.js'], css: ['assets/cards.css'] }),
  chunk('assets/decode-qr.js', { dynamicImports: ['assets/jsQR.js'] }),
  chunk('assets/jsQR.js'),
  chunk('assets/font-a.js', {
    facadeModuleId: '/app/node_modules/@fontsource/caveat/latin-400.css',
    css: ['assets/font-a.css'],
    assets: ['assets/caveat.woff2'],
  }),
]);

describe('the files the verification worker keeps for offline use', () => {
  it('are the page and what it loads statically or lazily, with their styles, as URLs', () => {
    expect(pageFiles(bundle, ['assets/verify.js'])).toEqual([
      '/assets/cards.css',
      '/assets/cards.js',
      '/assets/decode-qr.js',
      '/assets/jsQR.js',
      '/assets/kit.js',
      '/assets/verify.js',
    ]);
  });

  it('leave out the entry and its imports (every page loads them), the other pages and the fonts', () => {
    const files = pageFiles(bundle, ['assets/verify.js']);
    for (const file of ['index.js', 'runtime.js', 'about.js', 'font-a.js', 'font-a.css', 'caveat.woff2'])
      expect(files).not.toContain(`/assets/${file}`);
  });

  it('follow the base path and several starting chunks', () => {
    expect(pageFiles(bundle, ['assets/decode-qr.js', 'assets/cards.js'], '/app/')).toEqual([
      '/app/assets/cards.css',
      '/app/assets/cards.js',
      '/app/assets/decode-qr.js',
      '/app/assets/jsQR.js',
      '/app/assets/kit.js',
    ]);
  });

  it('are written into the worker’s PARTS line, which public/verify-sw.js has', () => {
    const source = fs.readFileSync('public/verify-sw.js', 'utf8');
    const built = withParts(source, ['/assets/a.js', '/assets/b.css']);
    expect(built).toContain('const PARTS = ["/assets/a.js","/assets/b.css"];');
    expect(built.replace('const PARTS = ["/assets/a.js","/assets/b.css"];', 'const PARTS = [];')).toBe(source);
    expect(() => withParts('const OTHER = [];', [])).toThrow(/PARTS/);
  });
});
