import type { BlogPost, BlogPostInput } from '#shared/blog/schemas.ts';
import { api } from '#web/lib/api.ts';

/** PUT /api/admin/blog/{id}: the whole post; 404 when gone, 409 when the slug is taken. */
export const updatePost = (id: number, input: BlogPostInput) =>
  api.put<BlogPost>(`/api/admin/blog/${id}`, input);
