import { useMutation } from '@tanstack/react-query';
import type { LinkVerifyResponse } from '#shared/templates/links.ts';
import { api } from '#web/lib/api.ts';

/** POST /api/d/{slug}/verify: makes the visitor's request and says where they sign. */
export const useVerifyLink = (slug: string) =>
  useMutation({
    mutationFn: (code: string) =>
      api.post<LinkVerifyResponse>(`/api/d/${encodeURIComponent(slug)}/verify`, { code }),
  });
