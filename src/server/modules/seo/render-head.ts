import { clampDescription, SITE_NAME, type PageMeta } from './pages.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside <script> must not be able to close the tag. */
const jsonForScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Puts the page's title, description, canonical, social tags and JSON-LD into the SPA's HTML. */
export function renderHead(template: string, meta: PageMeta, canonical: string, analyticsScriptUrl: string | null = null): string {
  const description = clampDescription(meta.description);
  const tags = [
    `<link rel="canonical" href="${esc(canonical)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex, nofollow" />' : '',
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
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
    meta.jsonLd ? `<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>` : '',
    analyticsScriptUrl ? `<script async src="${esc(analyticsScriptUrl)}"></script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${esc(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      `<meta name="description" content="${esc(description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}
