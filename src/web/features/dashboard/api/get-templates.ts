import { useQuery } from '@tanstack/react-query';
import type { TemplateListResponse } from '#shared/templates/answers.ts';
import { api } from '#web/lib/api.ts';

/** The few templates changed last: GET /api/templates?pageSize=. */
export function useRecentTemplates(count = 3) {
  return useQuery({
    queryKey: ['/api/templates', 'recent', count],
    queryFn: ({ signal }) =>
      api.get<TemplateListResponse>('/api/templates', { query: { page: 1, pageSize: count }, signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
