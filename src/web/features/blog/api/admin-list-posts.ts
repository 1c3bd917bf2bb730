import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '#shared/admin/schemas.ts';
import type { BlogPost } from '#shared/blog/schemas.ts';
import { blogKeys } from '#web/features/blog/api/keys.ts';
import { api } from '#web/lib/api.ts';

export const ADMIN_PAGE_SIZE = 20;

/** GET /api/admin/blog: every post, drafts too, most recently changed first. */
export const adminListPosts = (page: number, q: string) =>
  api.get<Paged<BlogPost>>('/api/admin/blog', {
    query: { page, pageSize: ADMIN_PAGE_SIZE, q: q || undefined },
  });

export const useAdminPosts = (page: number, q: string) =>
  useQuery({
    queryKey: blogKeys.adminList(page, q),
    queryFn: () => adminListPosts(page, q),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
