// Offline verification (decision 032). Registered by the verification page with
// scope /verify-signature, so it controls that page only. Everything is network-first: online,
// the page, its chunks and the key set always come fresh (no stale app after a deploy); offline,
// the last copies answer, so a scanned seal still verifies. The look-up API and the log are never
// cached: offline they fail, and the page says the status is as of its last sync.
const CACHE = 'inkproof-verify-v1';
const SHELL = '/verify-signature';
const KEYS = '/.well-known/inkproof/keys.json';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, KEYS]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith('inkproof-verify-') && n !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** What is kept for offline use: the page, its static files, the key set. */
function cacheable(url) {
  if (url.origin !== self.location.origin) return false;
  if (url.pathname === KEYS || url.pathname.startsWith(SHELL)) return true;
  return /^\/(assets|fonts)\//.test(url.pathname) || url.pathname === '/favicon.svg';
}

// The page lists the files it loaded before this worker was there; keep them for offline use.
self.addEventListener('message', (event) => {
  const files =
    event.data && event.data.type === 'keep' && Array.isArray(event.data.files) ? event.data.files : [];
  const urls = files.filter((f) => typeof f === 'string' && cacheable(new URL(f, self.location.origin)));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(urls))
      .catch(() => undefined),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const page = request.mode === 'navigate';
  if (!page && !cacheable(url)) return;
  // One copy of the page whatever its query: the page reads the link from its own address.
  const key = page ? SHELL : request;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && response.type === 'basic') {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        }
        return response;
      })
      .catch(async () => (await caches.match(key, { ignoreSearch: page })) ?? Response.error()),
  );
});
