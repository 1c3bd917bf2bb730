import { useQuery } from '@tanstack/react-query';
import type { Template } from '#shared/templates/answers.ts';
import { api } from '#web/lib/api.ts';
import { templateKey } from './keys.ts';

export const getTemplate = (id: number, signal?: AbortSignal) =>
  api.get<{ template: Template }>(`/api/templates/${id}`, { signal });

/** GET /api/templates/{id}: one template with its roles, fields and defaults. */
export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: templateKey(id ?? 0),
    queryFn: ({ signal }) => getTemplate(id!, signal).then((a) => a.template),
    enabled: id !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
