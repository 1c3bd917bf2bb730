import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignDocumentInput, SignDocumentResponse } from '#shared/documents/schemas.ts';
import { api } from '#web/lib/api.ts';
import { documentsKey } from './keys.ts';

export const signDocument = (id: number, input: SignDocumentInput) =>
  api.post<SignDocumentResponse>(`/api/documents/${id}/sign`, input);

/** POST /api/documents/{id}/sign; the documents (list and detail) refresh afterwards. */
export function useSignDocument(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignDocumentInput) => signDocument(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}
