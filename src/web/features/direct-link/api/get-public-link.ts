import { useQuery } from '@tanstack/react-query';
import type { PublicLinkResponse } from '#shared/templates/links.ts';
import { publicLinkKey } from './keys.ts';

/** GET /api/d/{slug}: the template, its sender, the open role and whether the link takes visitors. */
export const usePublicLink = (slug: string) =>
  useQuery<PublicLinkResponse>({ queryKey: publicLinkKey(slug), staleTime: 0, retry: false });
