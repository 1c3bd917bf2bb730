import { useQuery } from '@tanstack/react-query';
import type { BlogPost } from '#shared/blog/schemas.ts';
import { blogKeys } from '#web/features/blog/api/keys.ts';
import { api } from '#web/lib/api.ts';

/** GET /api/blog: published posts, newest first. */
export const listPosts = () => api.get<BlogPost[]>('/api/blog');

export const usePosts = () => useQuery({ queryKey: blogKeys.list(), queryFn: listPosts });
