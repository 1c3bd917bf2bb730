import { z } from 'zod';
import { paged } from '#shared/admin/answers.ts';
import { blogPost } from './answers.ts';

/** GET /api/admin/blog: every post, drafts too, most recently changed first. */
export const blogPostsPage = paged(blogPost);

/** POST /api/admin/blog/images (201): where the cleaned image is served. */
export const blogImageStored = z.object({ url: z.string() });
