import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateResponse } from '#shared/templates/answers.ts';
import type { TemplatePatchInput } from '#shared/templates/schemas.ts';
import { api } from '#web/lib/api.ts';
import { templateKey, templatesKey } from './keys.ts';

export const updateTemplate = (id: number, body: TemplatePatchInput) =>
  api.patch<TemplateResponse>(`/api/templates/${id}`, body);

/** PATCH /api/templates/{id}: the parts given change; the answer is the whole template. */
export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TemplatePatchInput }) => updateTemplate(id, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(templateKey(answer.template.id), answer.template);
      await queryClient.invalidateQueries({ queryKey: [...templatesKey, 'list'] });
    },
  });
}
