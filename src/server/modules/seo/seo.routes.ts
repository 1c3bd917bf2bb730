import { fileAnswer } from '#shared/answers.ts';
import type { App } from '#server/app-types.ts';

/** Extra sitemap entries (e.g. published blog posts), registered by the features that own them. */
export type SitemapSource = () => Promise<{ path: string; lastmod?: string }[]>;

export function seoRoutes(app: App, sitemapSources: SitemapSource[]) {
  app.get(
    '/sitemap.xml',
    { schema: { response: { 200: fileAnswer('application/xml') } } },
    async (_req, reply) => {
      const extra = (await Promise.all(sitemapSources.map((s) => s()))).flat();
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=600')
        .send(app.seo.sitemap(extra));
    },
  );
  app.get('/robots.txt', { schema: { response: { 200: fileAnswer('text/plain') } } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(app.seo.robots()),
  );
}
