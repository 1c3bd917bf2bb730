import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blogKeys } from '#web/features/blog/api/keys.ts';
import { api } from '#web/lib/api.ts';

/** DELETE /api/admin/blog/{id}. */
export const deletePost = (id: number) => api.delete<{ message: string }>(`/api/admin/blog/${id}`);

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
