/** Same-origin static files this page has loaded so far (entry, lazy chunks, styles, fonts). */
const loadedFiles = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && /^\/(assets|fonts)\//.test(u.pathname))
    .map((u) => u.pathname);

const whenIdle = (run: () => void) =>
  window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1500);

/**
 * Registers the verification page's service worker (public/verify-sw.js: this page and the key
 * set only, network-first) once the page is idle, and then hands it the files this page runs on:
 * it was not there yet when they loaded. The worker also fetches the page's parts loaded on first
 * use (answer cards, checks, camera view, QR decoder: the build lists them in it), on its own
 * thread, instead of the page running them all on the phone's main thread while it settles. After
 * one visit, a phone in flight mode can still open the page, read a QR code and check its seal.
 */
export function prepareOffline() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  whenIdle(() => {
    navigator.serviceWorker
      .register('/verify-sw.js', { scope: '/verify-signature' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        whenIdle(() => registration.active?.postMessage({ type: 'keep', files: loadedFiles() }));
      })
      .catch(() => undefined);
  });
}
