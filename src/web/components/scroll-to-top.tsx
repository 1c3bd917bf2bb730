import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** A new route starts at the top of the page, as a full page load would. */
export function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
