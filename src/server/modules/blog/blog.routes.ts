import { z } from 'zod';
import { blogMessages as m } from '#shared/blog/schemas.ts';
import type { App } from '#server/app-types.ts';
import { clampDescription } from '../seo/pages.ts';
import { idParams } from '../signatures/signatures.routes.ts';

const slugParams = z.object({ slug: z.string().max(100) });

export function blogRoutes(app: App) {
  app.get('/api/blog', async () => app.blog.listPublished());

  app.get('/api/blog/:slug', { schema: { params: slugParams } }, async (req, reply) => {
    const post = await app.blog.findPublished(req.params.slug);
    return post ?? reply.code(404).send({ message: m.notFound });
  });

  app.get('/api/blog/images/:id', { schema: { params: idParams } }, async (req, reply) => {
    const img = await app.blog.image(req.params.id);
    if (!img) return reply.code(404).send({ message: m.imageNotFound });
    return reply
      .type(img.mime_type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(img.bytes));
  });

  // Crawlers get each post's own head, and the sitemap lists every published post.
  app.seo.addResolver(async (pathname) => {
    const match = /^\/blog\/([^/]+)$/.exec(pathname);
    if (!match) return undefined;
    const post = await app.blog.findPublished(match[1]!);
    if (!post) return null;
    const url = `${app.site.publicUrl}/blog/${post.slug}`;
    return {
      title: `${post.title} — ${app.site.siteName} blog`,
      description: clampDescription(post.excerpt || post.content),
      type: 'article',
      publishedTime: post.publishedAt ?? undefined,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: clampDescription(post.excerpt || post.content),
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        url,
        mainEntityOfPage: url,
        ...(post.featuredImage ? { image: `${app.site.publicUrl}${post.featuredImage}` } : {}),
        ...(post.category ? { articleSection: post.category } : {}),
        ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
        author: { '@type': 'Organization', name: app.site.siteName },
        publisher: { '@type': 'Organization', name: app.site.siteName },
      },
    };
  });
}

export const blogSitemapSource = (app: App) => async () =>
  (await app.blog.listPublished()).map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updatedAt }));
