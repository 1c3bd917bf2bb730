import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { templatesKey } from './keys.ts';

export const deleteTemplate = (id: number) => api.delete<{ message: string }>(`/api/templates/${id}`);

/** DELETE /api/templates/{id}: requests already made from it stay. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
