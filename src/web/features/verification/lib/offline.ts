import { loadAllParts } from '#web/features/verification/lib/lazy-parts.ts';

/** Same-origin static files this page has loaded so far (entry, lazy chunks, styles, fonts). */
const loadedFiles = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && /^\/(assets|fonts)\//.test(u.pathname))
    .map((u) => u.pathname);

/**
 * Registers the verification page's service worker (public/verify-sw.js: this page and the key
 * set only, network-first) and, once the page is idle, loads the QR decoder and hands the worker
 * the files this page runs on: it was not there yet when they loaded. After one visit, a phone in
 * flight mode can still open the page, read a QR code and check its seal.
 */
export function prepareOffline() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register('/verify-sw.js', { scope: '/verify-signature' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1500));
      idle(() => {
        // The decoder and the page's parts loaded on first use: all are kept for offline use.
        void Promise.all([
          import('#web/features/verification/lib/decode-qr.ts').then((m) => m.loadQrReader()),
          loadAllParts(),
          // the toaster, which the app shell also loads at idle, is needed offline too
          import('#web/components/ui/toaster.tsx'),
        ])
          .catch(() => undefined)
          .then(() => {
            registration.active?.postMessage({ type: 'keep', files: loadedFiles() });
            // Everything this page runs on has been fetched once: it can now work offline.
            document.documentElement.dataset.offline = 'ready';
          });
      });
    })
    .catch(() => undefined);
}
