import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRequestInput, RequestResponse } from '#shared/requests/schemas.ts';
import { api } from '#web/lib/api.ts';

export const createRequest = (documentId: number, body: CreateRequestInput) =>
  api.post<RequestResponse>(`/api/documents/${documentId}/requests`, body);

/** POST /api/documents/{id}/requests: create and send; the document is then 'awaiting'. */
export function useCreateRequest(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRequestInput) => createRequest(documentId, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(['/api/documents', documentId, 'requests', 'current'], answer);
      await queryClient.invalidateQueries({ queryKey: ['/api/documents'] });
    },
  });
}
