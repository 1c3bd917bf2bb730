import { SESSION_META } from '#shared/constants.ts';
import { DEFAULT_SITE_NAME } from '#shared/site-name.ts';
import { clampDescription, type PageMeta } from './pages.ts';

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside <script> must not be able to close the tag. */
const jsonForScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface HeadExtras {
  analyticsScriptUrl?: string | null;
  /** The request carried no session cookie: the app can skip asking who is signed in. */
  signedOut?: boolean;
  /** The admin's site name (og:site_name); the product's name when not given. */
  siteName?: string;
  /** Build files (relative to the web root) the page's code needs: fetched beside the entry. */
  preloads?: readonly string[];
  /**
   * The page paints from its HTML (decision 036): its scripts are fetched after the HTML and the
   * style sheet (fetchpriority low), instead of competing with them for a phone's connection.
   */
  scriptsAfterPaint?: boolean;
}

/** Puts the page's title, description, canonical, social tags and JSON-LD into the SPA's HTML. */
export function renderHead(
  template: string,
  meta: PageMeta,
  canonical: string,
  extras: HeadExtras = {},
): string {
  const description = clampDescription(meta.description);
  const low = extras.scriptsAfterPaint ? ' fetchpriority="low"' : '';
  const tags = [
    `<link rel="canonical" href="${esc(canonical)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex, nofollow" />' : '',
    `<meta property="og:site_name" content="${esc(extras.siteName ?? DEFAULT_SITE_NAME)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${esc(meta.title)}" />`,
    `<meta property="og:description" content="${esc(description)}" />`,
    `<meta property="og:url" content="${esc(canonical)}" />`,
    meta.publishedTime
      ? `<meta property="article:published_time" content="${esc(meta.publishedTime)}" />`
      : '',
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${esc(meta.title)}" />`,
    `<meta name="twitter:description" content="${esc(description)}" />`,
    extras.signedOut ? `<meta name="${SESSION_META.name}" content="${SESSION_META.none}" />` : '',
    meta.jsonLd ? `<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>` : '',
    ...(extras.preloads ?? []).map(
      (file) => `<link rel="modulepreload"${low} crossorigin href="/${esc(file)}" />`,
    ),
    extras.analyticsScriptUrl ? `<script async src="${esc(extras.analyticsScriptUrl)}"></script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  const page = low
    ? template.replace(
        /<(script type="module"|link rel="modulepreload")/g,
        (_, tag: string) => `<${tag}${low}`,
      )
    : template;
  // Replacer functions: a `$` in a title must not be read as a replacement pattern.
  return page
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${esc(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      () => `<meta name="description" content="${esc(description)}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
