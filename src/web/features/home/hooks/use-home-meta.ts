import { useEffect } from 'react';
import { site } from '#web/lib/site.ts';

const description =
  'Create an electronic signature by drawing or typing, download it as PNG, JPG or SVG with a QR code, and let anyone verify it. Free, no account required.';
const keywords =
  'electronic signature, e-signature, online signature, signature generator, QR code, verify signature';

function headElement<K extends 'meta' | 'link' | 'script'>(
  tag: K,
  attrs: Record<string, string>,
  text?: string,
) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, value);
  if (text) element.textContent = text;
  element.dataset.pageMeta = 'home';
  document.head.append(element);
  return element;
}

/**
 * Search and share metadata of the home page (part 1 §2). Structured data is a JSON data block, which
 * the CSP does not treat as a script; it is added at run time so index.html holds no inline script.
 */
export function useHomeMeta() {
  useEffect(() => {
    const url = `${window.location.origin}/`;
    const title = `${site.name} — ${site.tagline.toLowerCase()}`;
    document.title = title;
    document.head
      .querySelector<HTMLMetaElement>('meta[name="description"]')
      ?.setAttribute('content', description);
    const structuredData = {
      '@context': 'https://schema.org',
      '@type': 'WebApplication',
      name: site.name,
      url,
      description,
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Any',
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    };
    const added = [
      headElement('meta', { name: 'keywords', content: keywords }),
      headElement('link', { rel: 'canonical', href: url }),
      headElement('meta', { property: 'og:type', content: 'website' }),
      headElement('meta', { property: 'og:title', content: title }),
      headElement('meta', { property: 'og:description', content: description }),
      headElement('meta', { property: 'og:url', content: url }),
      headElement('meta', { name: 'twitter:card', content: 'summary' }),
      headElement('script', { type: 'application/ld+json' }, JSON.stringify(structuredData)),
    ];
    return () => {
      for (const element of added) element.remove();
    };
  }, []);
}
