import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateResponse } from '#shared/templates/answers.ts';
import { api } from '#web/lib/api.ts';
import { templatesKey } from './keys.ts';

export const duplicateTemplate = (id: number) => api.post<TemplateResponse>(`/api/templates/${id}/duplicate`);

/** POST /api/templates/{id}/duplicate: a copy with everything but its uses. */
export function useDuplicateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
