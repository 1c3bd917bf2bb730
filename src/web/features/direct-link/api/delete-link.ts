import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** DELETE /api/templates/{id}/link: the address stops working; the requests made stay. */
export const useDeleteLink = (templateId: number) =>
  useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/api/templates/${templateId}/link`),
  });
