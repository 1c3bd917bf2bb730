import { useEffect } from 'react';
import { withSiteName } from '#shared/site-name.ts';
import { site, useSiteName } from '#web/lib/site.ts';

export interface PageMeta {
  /** Shown as "{title} | {site name}". */
  title?: string;
  /** Used as is (the product's name in it becomes the site name): the server renders the same. */
  fullTitle?: string;
  description?: string;
  /** The keywords meta tag of the spec's home page; removed again on pages without keywords. */
  keywords?: string;
}

const defaultTitle = (siteName: string) => `${siteName} — ${site.tagline.toLowerCase()}`;
export const DEFAULT_DESCRIPTION =
  'Draw or type your signature, download it with a QR code, and let anyone verify it. Free, no account needed, self-hostable.';

// The head is written only where it differs: on a first visit the server has rendered it already.
function setAttribute(selector: string, attribute: string, value: string) {
  const element = document.head.querySelector(selector);
  if (element && element.getAttribute(attribute) !== value) element.setAttribute(attribute, value);
}

function setNamedMeta(name: string, content: string | undefined) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  if (meta.content !== content) meta.content = content;
}

/** The server writes canonical URLs on its configured public origin; keep that origin. */
function canonicalOrigin() {
  const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  // .href is always absolute (resolved against the page), so its origin is defined
  return link ? new URL(link.href).origin : window.location.origin;
}

/**
 * Keeps the head in step with the page on client-side navigation: title, description, and the
 * canonical and share tags the server rendered for the first page (the server's JSON-LD is left
 * alone; crawlers load every URL afresh and get the right one). null leaves the head as it is,
 * for a page still loading what its head describes.
 */
export function usePageMeta(meta: PageMeta | null) {
  const { title, fullTitle, description, keywords } = meta ?? {};
  const waiting = meta === null;
  const siteName = useSiteName();
  useEffect(() => {
    if (waiting) return;
    const pageTitle = withSiteName(
      fullTitle ?? (title ? `${title} | ${siteName}` : defaultTitle(siteName)),
      siteName,
    );
    const pageDescription = withSiteName(description ?? DEFAULT_DESCRIPTION, siteName);
    const url = `${canonicalOrigin()}${window.location.pathname}`;
    if (document.title !== pageTitle) document.title = pageTitle;
    setNamedMeta('description', pageDescription);
    setNamedMeta('keywords', keywords);
    setAttribute('link[rel="canonical"]', 'href', url);
    setAttribute('meta[property="og:url"]', 'content', url);
    for (const selector of ['meta[property="og:title"]', 'meta[name="twitter:title"]']) {
      setAttribute(selector, 'content', pageTitle);
    }
    for (const selector of ['meta[property="og:description"]', 'meta[name="twitter:description"]']) {
      setAttribute(selector, 'content', pageDescription);
    }
  }, [waiting, title, fullTitle, description, keywords, siteName]);
}
