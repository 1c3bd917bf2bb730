import multipart from '@fastify/multipart';
import { z } from 'zod';
import { pageQuery } from '#shared/admin/schemas.ts';
import { BLOG_IMAGE_MAX_BYTES, blogMessages as m, blogPostInputSchema } from '#shared/blog/schemas.ts';
import type { App } from '#server/app-types.ts';
import { currentUser, requireAdmin } from '#server/plugins/auth.ts';
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
    if (!img) return reply.code(404).send({ message: 'Image not found' });
    return reply
      .type(img.mime_type)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(img.bytes));
  });

  const guard = { onRequest: requireAdmin };
  const log = (req: Parameters<typeof currentUser>[0], detail: string) =>
    app.activity.log('admin-action', { userId: currentUser(req).id, ip: req.ip, detail });

  app.get('/api/admin/blog', { ...guard, schema: { querystring: pageQuery } }, async (req) =>
    app.blog.list(req.query.page, req.query.pageSize, req.query.q),
  );

  app.get('/api/admin/blog/:id', { ...guard, schema: { params: idParams } }, async (req, reply) => {
    const post = await app.blog.get(req.params.id);
    return post ?? reply.code(404).send({ message: m.notFound });
  });

  app.post('/api/admin/blog', { ...guard, schema: { body: blogPostInputSchema } }, async (req, reply) => {
    const result = await app.blog.save(null, req.body, currentUser(req).id);
    if (result.kind !== 'ok') return reply.code(409).send({ message: m.slugTaken });
    await log(req, `blog post created: ${result.post.slug}`);
    return reply.code(201).send(result.post);
  });

  app.put(
    '/api/admin/blog/:id',
    { ...guard, schema: { params: idParams, body: blogPostInputSchema } },
    async (req, reply) => {
      const result = await app.blog.save(req.params.id, req.body, currentUser(req).id);
      if (result.kind === 'missing') return reply.code(404).send({ message: m.notFound });
      if (result.kind === 'slug-taken') return reply.code(409).send({ message: m.slugTaken });
      await log(req, `blog post updated: ${result.post.slug}`);
      return result.post;
    },
  );

  app.delete('/api/admin/blog/:id', { ...guard, schema: { params: idParams } }, async (req, reply) => {
    if (!(await app.blog.delete(req.params.id))) return reply.code(404).send({ message: m.notFound });
    await log(req, `blog post #${req.params.id} deleted`);
    return { message: 'Post deleted' };
  });

  // Multipart only for this route, in its own scope.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: BLOG_IMAGE_MAX_BYTES, files: 1, fields: 2 } });
    scope.post('/api/admin/blog/images', guard, async (req, reply) => {
      const file = await req.file().catch(() => undefined);
      if (!file) return reply.code(400).send({ message: m.imageMissing });
      if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.mimetype)) {
        file.file.resume();
        return reply.code(415).send({ message: m.imageType });
      }
      const bytes = await file.toBuffer().catch(() => null);
      if (!bytes || file.file.truncated) return reply.code(413).send({ message: m.imageTooLarge });
      const stored = await app.blog.storeImage(bytes);
      if (stored.kind !== 'ok') {
        return stored.kind === 'bad-type'
          ? reply.code(415).send({ message: m.imageType })
          : reply.code(400).send({ message: m.imageUnreadable });
      }
      return reply.code(201).send({ url: stored.url });
    });
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
