import { useQuery } from '@tanstack/react-query';
import type { BlogPost } from '#shared/blog/schemas.ts';
import { blogKeys } from '#web/features/blog/api/keys.ts';
import { api } from '#web/lib/api.ts';

/** GET /api/admin/blog/{id}: one post, draft or published. */
export const adminGetPost = (id: number) => api.get<BlogPost>(`/api/admin/blog/${id}`);

export const useAdminPost = (id: number) =>
  useQuery({ queryKey: blogKeys.adminPost(id), queryFn: () => adminGetPost(id), staleTime: 0 });
