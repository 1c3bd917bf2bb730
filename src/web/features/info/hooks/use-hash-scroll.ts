import { useEffect } from 'react';
import { useLocationProperty } from 'wouter/use-browser-location';

const currentHash = () => window.location.hash;

/**
 * Brings the element named by the URL's #fragment into view, on arrival and when an in-app link
 * changes only the fragment (a lazily loaded page is not there yet when the browser would do it).
 */
export function useHashScroll() {
  const hash = useLocationProperty(currentHash);
  useEffect(() => {
    if (hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);
}
