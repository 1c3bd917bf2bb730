import type { BlogPost, BlogPostInput } from '#shared/blog/schemas.ts';
import { api } from '#web/lib/api.ts';

/** POST /api/admin/blog: 201 with the post; 409 when a chosen slug is taken. */
export const createPost = (input: BlogPostInput) => api.post<BlogPost>('/api/admin/blog', input);
