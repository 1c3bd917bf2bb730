import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SigningRequest } from '#shared/requests/answers.ts';
import type { UseTemplateInput } from '#shared/templates/schemas.ts';
import { api } from '#web/lib/api.ts';
import { templatesKey } from './keys.ts';

export const sendFromTemplate = (id: number, body: UseTemplateInput) =>
  api.post<{ request: SigningRequest }>(`/api/templates/${id}/requests`, body);

/** POST /api/templates/{id}/requests: a new document from the template's file, sent for signing. */
export function useSendFromTemplate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UseTemplateInput) => sendFromTemplate(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: templatesKey });
      await queryClient.invalidateQueries({ queryKey: ['/api/documents'] });
    },
  });
}
