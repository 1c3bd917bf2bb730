import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { keepPreviousAssets } from './scripts/vite-keep-assets.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { chunkGroups } from './scripts/vite-chunks.ts';
import { routePreloads } from './scripts/vite-route-preload.ts';

const apiTarget = process.env.INKPROOF_API_URL ?? 'http://localhost:3000';
const proxy = {
  '/api': apiTarget,
  '/healthz': apiTarget,
  '/readyz': apiTarget,
};

// `vite preview` mirrors the server's production CSP, so a preview run shows what the CSP breaks.
const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const feature = (file: string) => `src/web/features/${file}.tsx`;
/**
 * The public pages whose shared code is merged into a few chunks (scripts/vite-chunks.ts), and the
 * query client's provider, which loads beside most of them: what it shares with a page goes to a
 * kit of its own rather than into a kit of that page's code (the sign-in page's, say) that every
 * page using the query client would then load.
 */
const PUBLIC_PAGE_GROUPS = {
  s: [feature('creator/pages/create-signature-page')],
  v: [feature('verification/pages/verify-signature-page')],
  a: [feature('auth/pages/auth-page'), feature('auth/pages/reset-password-page')],
  i: ['about-page', 'use-cases-page', 'privacy-page', 'terms-page', 'temp-download-page']
    .map((page) => feature(`info/pages/${page}`))
    .concat(feature('blog/pages/blog-page'), feature('blog/pages/blog-post-page')),
  q: ['src/web/lib/query-provider.tsx'],
};

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), routePreloads(), precompress(), keepPreviousAssets()],
  build: {
    outDir: 'dist/web',
    // Open pages still fetch the previous build's chunks: scripts/vite-keep-assets.ts removes old ones.
    emptyOutDir: false,
    sourcemap: true,
    // bench/web.ts reads it to add up what each page loads before it is usable.
    manifest: true,
    // Every browser we support has modulepreload; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Each request costs a round trip on a phone (HTTP/1.1, six connections), so: everything
        // the entry needs is one chunk instead of a dozen shared pieces; icons, each a chunk of
        // its own otherwise, are grouped by the pages using them; the small modules the public
        // pages share go to a few kits (scripts/vite-chunks.ts).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 100 },
            ...chunkGroups('.', PUBLIC_PAGE_GROUPS, 'src/web/features/home/pages/home-page.tsx'),
            {
              name: 'icons',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 3000,
              priority: 0,
            },
          ],
        },
        // entriesAware chunk names list every page that shares them; the hash is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('icons') ? 'assets/icons-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy, headers: { 'Content-Security-Policy': csp } },
});
