import { z } from 'zod';
import { fileAnswer } from '#shared/answers.ts';
import { blogPost, publishedPosts } from '#shared/blog/answers.ts';
import { blogMessages as m } from '#shared/blog/schemas.ts';
import type { App } from '#server/app-types.ts';
import { notFound } from '#server/lib/outcomes.ts';
import { clampDescription } from '../seo/pages.ts';
import { idParams } from '../signatures/signatures.routes.ts';

const slugParams = z.object({ slug: z.string().max(100) });

export function blogRoutes(app: App) {
  app.get('/api/blog', { schema: { response: { 200: publishedPosts } } }, async () =>
    app.blog.listPublished(),
  );

  app.get('/api/blog/:slug', { schema: { params: slugParams, response: { 200: blogPost } } }, async (req) => {
    const post = await app.blog.findPublished(req.params.slug);
    if (!post) throw notFound(m.notFound);
    return post;
  });

  // The stored type (PNG, JPEG or WebP), re-encoded on upload.
  app.get(
    '/api/blog/images/:id',
    { schema: { params: idParams, response: { 200: fileAnswer('image/*') } } },
    async (req, reply) => {
      const img = await app.blog.image(req.params.id);
      if (!img) throw notFound(m.imageNotFound);
      return reply
        .type(img.mime_type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(img.bytes));
    },
  );

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
