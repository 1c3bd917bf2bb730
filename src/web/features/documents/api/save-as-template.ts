import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateResponse } from '#shared/templates/answers.ts';
import { api } from '#web/lib/api.ts';

export const saveAsTemplate = (documentId: number) =>
  api.post<TemplateResponse>(`/api/documents/${documentId}/template`, {});

/** POST /api/documents/{id}/template: a template from the document's original file, no roles yet. */
export function useSaveAsTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAsTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/templates'] }),
  });
}
