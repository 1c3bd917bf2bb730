import multipart from '@fastify/multipart';
import { pageQuery } from '#shared/admin/schemas.ts';
import { BLOG_IMAGE_MAX_BYTES, blogMessages as m, blogPostInputSchema } from '#shared/blog/schemas.ts';
import type { App } from '#server/app-types.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { idParams } from '../signatures/signatures.routes.ts';

/**
 * /api/admin/blog…: every post, drafts too, and the editor's saves and images. Registered by the
 * admin plugin, under its prefix and its admin guard.
 */
export function blogAdminRoutes(app: App) {
  const log = (req: Parameters<typeof currentUser>[0], detail: string) =>
    app.activity.log('admin-action', { userId: currentUser(req).id, ip: req.ip, detail });

  app.get('/blog', { schema: { querystring: pageQuery } }, async (req) =>
    app.blog.list(req.query.page, req.query.pageSize, req.query.q),
  );

  app.get('/blog/:id', { schema: { params: idParams } }, async (req, reply) => {
    const post = await app.blog.get(req.params.id);
    return post ?? reply.code(404).send({ message: m.notFound });
  });

  app.post('/blog', { schema: { body: blogPostInputSchema } }, async (req, reply) => {
    const result = await app.blog.save(null, req.body, currentUser(req).id);
    if (result.kind !== 'ok') return reply.code(409).send({ message: m.slugTaken });
    await log(req, `blog post created: ${result.post.slug}`);
    return reply.code(201).send(result.post);
  });

  app.put('/blog/:id', { schema: { params: idParams, body: blogPostInputSchema } }, async (req, reply) => {
    const result = await app.blog.save(req.params.id, req.body, currentUser(req).id);
    if (result.kind === 'missing') return reply.code(404).send({ message: m.notFound });
    if (result.kind === 'slug-taken') return reply.code(409).send({ message: m.slugTaken });
    await log(req, `blog post updated: ${result.post.slug}`);
    return result.post;
  });

  app.delete('/blog/:id', { schema: { params: idParams } }, async (req, reply) => {
    if (!(await app.blog.delete(req.params.id))) return reply.code(404).send({ message: m.notFound });
    await log(req, `blog post #${req.params.id} deleted`);
    return { message: m.deleted };
  });

  // Multipart only for this route, in its own scope.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: BLOG_IMAGE_MAX_BYTES, files: 1, fields: 2 } });
    scope.post('/blog/images', async (req, reply) => {
      const file = await req.file().catch(() => undefined);
      if (!file) return reply.code(400).send({ message: m.imageMissing });
      if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.mimetype)) {
        file.file.resume();
        return reply.code(415).send({ message: m.imageType });
      }
      const bytes = await file.toBuffer().catch(() => null);
      if (!bytes || file.file.truncated) return reply.code(413).send({ message: m.imageTooLarge });
      const stored = await app.blog.storeImage(bytes);
      if (stored.kind === 'busy')
        return reply
          .code(429)
          .header('retry-after', String(stored.retryAfter))
          .send({ message: m.imageBusy });
      if (stored.kind !== 'ok') {
        return stored.kind === 'bad-type'
          ? reply.code(415).send({ message: m.imageType })
          : reply.code(400).send({ message: m.imageUnreadable });
      }
      return reply.code(201).send({ url: stored.url });
    });
  });
}
