import { z } from 'zod';
import { isoTime } from '#shared/answers.ts';

/** A blog post as the API answers it: published ones to anyone, drafts too to admins. */
export const blogPost = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** The uploaded image's URL, or '' for none. */
  featuredImage: z.string(),
  published: z.boolean(),
  publishedAt: isoTime.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** The admin who wrote it; null once that account is gone. */
  authorId: z.number().nullable(),
});
export type BlogPost = z.infer<typeof blogPost>;

/** GET /api/blog: every published post, newest first. */
export const publishedPosts = z.array(blogPost);
