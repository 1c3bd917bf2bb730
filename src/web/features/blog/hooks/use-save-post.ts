import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlogPostInput } from '#shared/blog/schemas.ts';
import { createPost } from '#web/features/blog/api/create-post.ts';
import { blogKeys } from '#web/features/blog/api/keys.ts';
import { updatePost } from '#web/features/blog/api/update-post.ts';

export interface SavePostVariables {
  /** null creates a post. */
  id: number | null;
  input: BlogPostInput;
}

/** Creates or updates a post, then refreshes every blog list and post shown anywhere. */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: SavePostVariables) =>
      id === null ? createPost(input) : updatePost(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
