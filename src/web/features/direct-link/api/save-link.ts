import { useMutation } from '@tanstack/react-query';
import type { LinkSettingsInput, TemplateLink } from '#shared/templates/links.ts';
import { api } from '#web/lib/api.ts';

/** PUT /api/templates/{id}/link: turns it on (a new address) or changes its settings. */
export const useSaveLink = (templateId: number) =>
  useMutation({
    mutationFn: (body: LinkSettingsInput) =>
      api.put<{ message: string; link: TemplateLink }>(`/api/templates/${templateId}/link`, body),
  });
