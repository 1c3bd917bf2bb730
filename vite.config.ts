import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

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

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // bench/web.ts reads it to add up what each page loads before it is usable.
    manifest: true,
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy, headers: { 'Content-Security-Policy': csp } },
});
