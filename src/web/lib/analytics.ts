import { useEffect } from 'react';
import { useLocation } from 'wouter';

const ENDPOINT = '/api/analytics/pageview';

let lastPath: string | null = null;
let firstView = true;

/**
 * Records one first-party page view: the path only (no query string, no hash), and the referrer on
 * the first view of the visit. A beacon survives the page being closed; fetch keepalive stands in
 * where sendBeacon is missing or refuses the payload.
 */
export function sendPageView(path: string) {
  const body = JSON.stringify(
    firstView && document.referrer ? { path, referrer: document.referrer } : { path },
  );
  firstView = false;
  try {
    if (navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // some browsers refuse a JSON blob in a beacon; fetch below does the same job
  }
  void fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
}

/**
 * One page view per route change. The same path twice in a row (React's dev double effects) counts
 * once. The beacon goes in a task of its own, not in the first render's effects (a phone's longest
 * task on most pages).
 */
export function usePageViews() {
  const [path] = useLocation();
  useEffect(() => {
    if (path === lastPath) return;
    lastPath = path;
    setTimeout(() => sendPageView(path), 0);
  }, [path]);
}
