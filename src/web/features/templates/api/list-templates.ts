import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TemplateListResponse } from '#shared/templates/answers.ts';
import { api } from '#web/lib/api.ts';
import { templatesKey } from './keys.ts';

export const TEMPLATES_PAGE_SIZE = 20;

export const listTemplates = (q: string, page: number, signal?: AbortSignal) =>
  api.get<TemplateListResponse>('/api/templates', {
    query: { q: q || undefined, page, pageSize: TEMPLATES_PAGE_SIZE },
    signal,
  });

/** GET /api/templates?q=&page=: the owner's templates, newest change first. */
export function useTemplates(q: string, page: number) {
  return useQuery({
    queryKey: [...templatesKey, 'list', q, page],
    queryFn: ({ signal }) => listTemplates(q, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
