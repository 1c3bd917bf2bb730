import multipart from '@fastify/multipart';
import { messageAnswer } from '#shared/answers.ts';
import { pageQuery } from '#shared/admin/schemas.ts';
import { blogImageStored, blogPostsPage } from '#shared/blog/admin-answers.ts';
import { blogPost } from '#shared/blog/answers.ts';
import { BLOG_IMAGE_MAX_BYTES, blogMessages as m, blogPostInputSchema } from '#shared/blog/schemas.ts';
import type { App } from '#server/app-types.ts';
import { conflict, invalid, notFound, throttled, tooLarge, unsupportedMedia } from '#server/lib/outcomes.ts';
import { currentUser } from '#server/plugins/auth.ts';
import type { SaveResult } from './blog.service.ts';
import { idParams } from '../signatures/signatures.routes.ts';

/** A post saved, or why not. */
function saved(result: SaveResult) {
  if (result.kind === 'missing') throw notFound(m.notFound);
  if (result.kind === 'slug-taken') throw conflict(m.slugTaken);
  return result.post;
}

/**
 * /api/admin/blog…: every post, drafts too, and the editor's saves and images. Registered by the
 * admin plugin, under its prefix and its admin guard.
 */
export function blogAdminRoutes(app: App) {
  const log = (req: Parameters<typeof currentUser>[0], detail: string) =>
    app.activity.log('admin-action', { userId: currentUser(req).id, ip: req.ip, detail });

  app.get('/blog', { schema: { querystring: pageQuery, response: { 200: blogPostsPage } } }, async (req) =>
    app.blog.list(req.query.page, req.query.pageSize, req.query.q),
  );

  app.get('/blog/:id', { schema: { params: idParams, response: { 200: blogPost } } }, async (req) => {
    const post = await app.blog.get(req.params.id);
    if (!post) throw notFound(m.notFound);
    return post;
  });

  app.post(
    '/blog',
    { schema: { body: blogPostInputSchema, response: { 201: blogPost } } },
    async (req, reply) => {
      const post = saved(await app.blog.save(null, req.body, currentUser(req).id));
      await log(req, `blog post created: ${post.slug}`);
      return reply.code(201).send(post);
    },
  );

  app.put(
    '/blog/:id',
    { schema: { params: idParams, body: blogPostInputSchema, response: { 200: blogPost } } },
    async (req) => {
      const post = saved(await app.blog.save(req.params.id, req.body, currentUser(req).id));
      await log(req, `blog post updated: ${post.slug}`);
      return post;
    },
  );

  app.delete('/blog/:id', { schema: { params: idParams, response: { 200: messageAnswer } } }, async (req) => {
    if (!(await app.blog.delete(req.params.id))) throw notFound(m.notFound);
    await log(req, `blog post #${req.params.id} deleted`);
    return { message: m.deleted };
  });

  // Multipart only for this route, in its own scope.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: BLOG_IMAGE_MAX_BYTES, files: 1, fields: 2 } });
    scope.post('/blog/images', { schema: { response: { 201: blogImageStored } } }, async (req, reply) => {
      const file = await req.file().catch(() => undefined);
      if (!file) throw invalid(m.imageMissing);
      if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.mimetype)) {
        file.file.resume();
        throw unsupportedMedia(m.imageType);
      }
      const bytes = await file.toBuffer().catch(() => null);
      if (!bytes || file.file.truncated) throw tooLarge(m.imageTooLarge);
      const stored = await app.blog.storeImage(bytes);
      switch (stored.kind) {
        case 'busy':
          throw throttled(m.imageBusy, stored.retryAfter);
        case 'bad-type':
          throw unsupportedMedia(m.imageType);
        case 'unreadable':
          throw invalid(m.imageUnreadable);
      }
      return reply.code(201).send({ url: stored.url });
    });
  });
}
