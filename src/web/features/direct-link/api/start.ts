import { useMutation } from '@tanstack/react-query';
import type { LinkStartInput } from '#shared/templates/links.ts';
import { api } from '#web/lib/api.ts';

/** POST /api/d/{slug}/start: mails a code to the address given, for this browser. */
export const useStartLink = (slug: string) =>
  useMutation({
    mutationFn: (body: LinkStartInput) =>
      api.post<{ message: string; expiresAt: string }>(`/api/d/${encodeURIComponent(slug)}/start`, body),
  });
