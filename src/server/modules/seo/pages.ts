import { DEFAULT_SITE_NAME as SITE_NAME } from '#shared/site-name.ts';

/** Head metadata of the public pages, put into the HTML by the server so crawlers see it. */
export interface PageMeta {
  title: string;
  description: string;
  /** Structured data (JSON-LD) for the page, if any. */
  jsonLd?: object;
  /** Pages kept out of search engines (private or token pages). */
  noindex?: boolean;
  type?: 'website' | 'article';
  publishedTime?: string;
}

export const DESCRIPTION_MAX = 160;

/** The description fallback of the spec: at most 160 characters, cut at a word. */
export function clampDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100)).trimEnd()}…`;
}

export function staticPages(origin: string): Record<string, PageMeta> {
  return {
    '/': {
      title: 'Inkproof — free electronic signatures anyone can verify',
      description:
        'Draw or type your signature, download it as PNG, JPG, SVG or WebP with a QR code, and let anyone verify it online. Free, no account needed.',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'WebApplication',
        name: SITE_NAME,
        url: `${origin}/`,
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Any (web browser)',
        description: 'Create electronic signatures with a verification QR code and verify them online.',
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      },
    },
    '/signature': {
      title: 'Create your electronic signature — Inkproof',
      description:
        'Draw or type your signature in 45 handwriting fonts, add your name and a reference, and download it with a verification QR code.',
    },
    '/create': {
      title: 'Create your electronic signature — Inkproof',
      description:
        'Draw or type your signature in 45 handwriting fonts, add your name and a reference, and download it with a verification QR code.',
    },
    '/verify-signature': {
      title: 'Verify a signature — Inkproof',
      description:
        'Check an electronic signature by its reference number, its QR code or the downloaded image: see who signed and when.',
    },
    '/about': {
      title: 'About Inkproof and terms and conditions',
      description:
        'Why Inkproof exists, what it does for you, and the terms and conditions that apply when you create and verify signatures.',
    },
    '/use-cases': {
      title: 'Use cases — Inkproof electronic signatures',
      description:
        'How businesses, schools, clinics, law firms, estate agents and car dealers use verifiable electronic signatures.',
    },
    '/blog': {
      title: 'Blog — Inkproof',
      description: 'News, guides and good practice for electronic signatures and their verification.',
    },
    '/auth': {
      title: 'Log in or sign up — Inkproof',
      description: 'Log in to Inkproof or create a free account.',
      noindex: true,
    },
    '/reset-password': {
      title: 'Reset your password — Inkproof',
      description: 'Choose a new password.',
      noindex: true,
    },
    '/temp-download': {
      title: 'Password reset e-mail template — Inkproof',
      description: 'Download the password reset e-mail template Inkproof sends.',
      noindex: true,
    },
  };
}

/** Paths that are private to a user or an admin: never indexed, never in the sitemap. */
export const PRIVATE_PREFIXES = [
  '/admin',
  '/api',
  '/bulk',
  '/dashboard',
  '/documents',
  '/sign-document',
  '/my-signatures',
  '/settings',
  '/shared',
  '/sign',
  '/templates',
  // a template's public signing link: reachable by anyone who has it, never listed
  '/d',
];
