// Renders the verification page's first state to HTML at build time (docs/decisions/039), with
// the app's own components through Vite's SSR loader, into dist/web/.vite/prerender.json: one
// fragment per variant the server picks from (signed out or not, idle or not, default site name
// or the admin's, which the server writes into the placeholder, escaped). The client's first
// render replaces it with the same markup. `npm run build` runs it after `vite build`.
import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';

// React's production build, as in the browser (the markup is the same; the build is quieter).
process.env.NODE_ENV = 'production';

export const SITE_NAME_SLOT = '%%inkproof-site-name%%';
export const YEAR_SLOT = '%%inkproof-year%%';
const OUT = path.resolve(process.argv[2] ?? 'dist/web', '.vite/prerender.json');
const started = performance.now();

// The few browser globals the page's modules and first render read (the address, the head).
const location = {
  pathname: '/verify-signature',
  search: '',
  hash: '',
  origin: 'http://localhost',
  href: '',
};
globalThis.window = globalThis;
globalThis.location = location;
// Phones offer the camera (HTTPS): the page's first render there has "Scan with camera".
Object.defineProperty(globalThis, 'navigator', {
  value: { mediaDevices: { getUserMedia: () => Promise.reject(new Error('build')) } },
  configurable: true,
});
globalThis.document = {
  querySelector: () => null,
  querySelectorAll: () => [],
  getElementById: () => null,
  head: { querySelector: () => null },
};

const vite = await createServer({
  configFile: false,
  root: process.cwd(),
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  ssr: { noExternal: [] },
});
try {
  const { renderVerifyPage } = await vite.ssrLoadModule('/src/web/prerender/verify-signature.tsx');
  const year = String(new Date().getFullYear());
  const variants = {};
  // signed in (pending) first: once the store knows "signed out" it keeps it
  for (const signedOut of [false, true])
    for (const idle of [true, false])
      for (const named of [false, true]) {
        location.search = idle ? '' : '?document';
        const html = await renderVerifyPage({
          signedOut,
          idle,
          siteName: named ? SITE_NAME_SLOT : 'Inkproof',
        });
        if (!html.includes(`© ${year} `)) throw new Error('the footer no longer shows the year as expected');
        // a module that failed in the build's globals renders the error boundary instead of the page
        if (!html.includes('<h1') || !html.includes('name="reference"'))
          throw new Error('the page did not render: no heading or reference field in its markup');
        if (/\sstyle="/.test(html)) throw new Error('inline style attributes break the CSP (style-src self)');
        variants[`${signedOut ? 'out' : 'in'}-${idle ? 'idle' : 'target'}-${named ? 'named' : 'default'}`] =
          html.replaceAll(`© ${year} `, `© ${YEAR_SLOT} `);
      }
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(
    OUT,
    `${JSON.stringify({ siteNameSlot: SITE_NAME_SLOT, yearSlot: YEAR_SLOT, variants })}\n`,
  );
  const size = Object.values(variants)[0].length;
  console.log(
    `prerendered /verify-signature in ${Math.round(performance.now() - started)} ms: ${OUT} (${size} bytes per variant)`,
  );
} finally {
  await vite.close();
}
