import { useQuery } from '@tanstack/react-query';
import type { BlogPost } from '#shared/blog/schemas.ts';
import { blogKeys } from '#web/features/blog/api/keys.ts';
import { api } from '#web/lib/api.ts';

/** GET /api/blog/{slug}: one published post; 404 when absent or unpublished. */
export const getPost = (slug: string) => api.get<BlogPost>(`/api/blog/${encodeURIComponent(slug)}`);

export const usePost = (slug: string) =>
  useQuery({ queryKey: blogKeys.post(slug), queryFn: () => getPost(slug) });
