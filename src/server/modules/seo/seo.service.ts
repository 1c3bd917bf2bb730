import fs from 'node:fs';
import path from 'node:path';
import type { SiteSettings } from '#server/lib/site-settings.ts';
import { EARLY_ACTIONS_SCRIPT } from '#shared/early-actions-script.ts';
import { withSiteName } from '#shared/site-name.ts';
import { PRIVATE_PREFIXES, staticPages, type PageMeta } from './pages.ts';
import { prerenderedRoot, PRERENDERED_PATH, readPrerenderTable, type PrerenderTable } from './prerendered.ts';
import { renderHead } from './render-head.ts';

/** Written by the build (scripts/vite-route-preload.ts): route pattern → files its page needs. */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Resolves a dynamic page (e.g. a blog post) to its metadata, or null when it does not exist. */
export type MetaResolver = (pathname: string) => Promise<PageMeta | null | undefined>;

/** SPA routes without their own metadata: they exist (200), they are just not for search engines. */
const APP_ROUTES = [
  /^\/(terms|privacy)$/,
  /^\/dashboard$/,
  /^\/(templates|team|support|signatures)$/,
  /^\/templates\/\d+(\/(use|bulk|link))?$/,
  /^\/bulk\/\d+$/,
  /^\/documents(\/\d+)?$/,
  /^\/documents\/\d+\/request$/,
  /^\/sign\/[\w-]+$/,
  /^\/sign-document\/\d+$/,
  /^\/my-signatures$/,
  /^\/settings$/,
  /^\/admin(\/.*)?$/,
  /^\/shared\/[\w-]+$/,
  /^\/d\/[\w-]+$/,
  /^\/templates\/\d+\/link$/,
];

export class SeoService {
  private template: string | null = null;
  private preloadTable: Array<{ pattern: RegExp; files: string[] }> | null = null;
  private prerenderTable: PrerenderTable | null | undefined;
  private readonly resolvers: MetaResolver[] = [];

  constructor(
    private readonly site: () => SiteSettings,
    private readonly webRoot: string | undefined,
  ) {}

  private get origin() {
    return this.site().publicUrl;
  }

  addResolver(resolver: MetaResolver) {
    this.resolvers.push(resolver);
  }

  private indexHtml(): string | null {
    if (this.template) return this.template;
    if (!this.webRoot) return null;
    const file = path.resolve(this.webRoot, 'index.html');
    if (!fs.existsSync(file)) return null;
    this.template = fs.readFileSync(file, 'utf8');
    return this.template;
  }

  /** The route table of the build, read once; none (no preloads) when the build has no such file. */
  private preloads(pathname: string): string[] {
    if (!this.preloadTable) {
      const file = this.webRoot ? path.resolve(this.webRoot, ROUTE_PRELOADS_FILE) : null;
      const table: Record<string, string[]> =
        file && fs.existsSync(file)
          ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>)
          : {};
      this.preloadTable = Object.entries(table).map(([route, files]) => ({
        pattern: routePattern(route),
        files,
      }));
    }
    return this.preloadTable.find((r) => r.pattern.test(pathname))?.files ?? [];
  }

  /**
   * The SPA's HTML for a path, with its head filled in, and the status the path deserves.
   * `signedOut`: the request carried no session cookie, so the page can start signed out.
   */
  async render(url: string, { signedOut = false } = {}): Promise<{ status: number; html: string } | null> {
    const html = this.indexHtml();
    if (!html) return null;
    const parsed = new URL(url, this.origin);
    const pathname = decodeURIComponent(parsed.pathname).replace(/\/+$/, '') || '/';
    const { siteName } = this.site();
    let meta: PageMeta | null | undefined = staticPages(this.origin)[pathname];
    // the product's own pages name it: with a site name set, they name the site
    if (meta) meta = brandMeta(meta, siteName);
    for (const resolve of this.resolvers) meta ??= await resolve(pathname);
    let status = 200;
    if (!meta) {
      const known = APP_ROUTES.some((re) => re.test(pathname));
      if (!known) status = 404;
      meta = {
        title: known ? siteName : `Page not found — ${siteName}`,
        description: 'Electronic signatures with a QR code that anyone can verify.',
        noindex: true,
      };
    }
    if (PRIVATE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`)))
      meta = { ...meta, noindex: true };
    const canonical = `${this.origin}${pathname === '/' ? '/' : pathname}`;
    // The verification page paints from its HTML; the script's first render replaces it.
    if (this.prerenderTable === undefined) this.prerenderTable = readPrerenderTable(this.webRoot);
    const root =
      status === 200 && pathname === PRERENDERED_PATH && this.prerenderTable
        ? prerenderedRoot(this.prerenderTable, {
            search: parsed.searchParams,
            signedOut,
            siteName,
            year: new Date().getFullYear(),
          })
        : null;
    const extras = {
      analyticsScriptUrl: this.site().analyticsScriptUrl,
      siteName,
      signedOut,
      preloads: status === 200 ? this.preloads(pathname) : [],
      scriptsAfterPaint: root !== null,
    };
    let page = renderHead(html, meta, canonical, extras);
    if (root) {
      page = page.replace('<div id="root"></div>', () => `<div id="root" data-prerendered>${root}</div>`);
      // The presses and drops on that markup are kept until the app takes over, by a script that
      // runs first thing in the head: before the style sheet, which would hold a script after it
      // (and with it the parsing of the markup) until it had loaded.
      page = page.replace(
        /<head>(\s*<meta charset="[^"]*"\s*\/?>)?/i,
        (open) => `${open}<script>${EARLY_ACTIONS_SCRIPT}</script>`,
      );
    }
    return { status, html: page };
  }

  sitemap(extra: { path: string; lastmod?: string }[]): string {
    const publicPaths = ['/', '/signature', '/verify-signature', '/about', '/use-cases', '/blog'];
    const entries = [
      ...publicPaths.map((p) => ({ path: p, lastmod: undefined as string | undefined })),
      ...extra,
    ];
    const urls = entries
      .map(
        (e) =>
          `  <url><loc>${escapeXml(this.origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  }

  robots(): string {
    // Robots rules match by prefix: `/sign` alone would also shut out /signature and /sign-document.
    // Private areas are blocked by whole segment (the path itself, `$`-anchored, and below it).
    const disallow = [
      ...PRIVATE_PREFIXES.flatMap((p) => [`Disallow: ${p}$`, `Disallow: ${p}/`]),
      ...['/auth', '/reset-password', '/temp-download'].map((p) => `Disallow: ${p}`),
    ];
    return ['User-agent: *', 'Allow: /', ...disallow, '', `Sitemap: ${this.origin}/sitemap.xml`, ''].join(
      '\n',
    );
  }
}

/** A static page's head with the site name where it names the product (title, description, JSON-LD). */
function brandMeta(meta: PageMeta, siteName: string): PageMeta {
  return {
    ...meta,
    title: withSiteName(meta.title, siteName),
    description: withSiteName(meta.description, siteName),
    ...(meta.jsonLd ? { jsonLd: { ...meta.jsonLd, name: siteName } } : {}),
  };
}

/** '/blog/:slug' → /^\/blog\/[^/]+$/ */
const routePattern = (route: string) =>
  new RegExp(
    `^${route
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('\\/')}$`,
  );

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
