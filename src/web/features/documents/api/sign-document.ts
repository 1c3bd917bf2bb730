import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignDocumentInput, SignDocumentResponse } from '#shared/documents/schemas.ts';
import { api } from '#web/lib/api.ts';
import { documentKey, documentsKey } from './keys.ts';

export const signDocument = (id: number, input: SignDocumentInput) =>
  api.post<SignDocumentResponse>(`/api/documents/${id}/sign`, input);

/**
 * POST /api/documents/{id}/sign. The answer's document (signed: one page more, another size)
 * replaces the cached detail at once, and the list and detail are fetched again.
 */
export function useSignDocument(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignDocumentInput) => signDocument(id, input),
    onSuccess: (answer) => {
      queryClient.setQueryData(documentKey(id), answer.document);
      return queryClient.invalidateQueries({ queryKey: documentsKey });
    },
  });
}
