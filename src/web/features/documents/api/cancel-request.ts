import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SigningRequest } from '#shared/requests/schemas.ts';
import { api } from '#web/lib/api.ts';
import { currentRequestKey } from './get-current-request.ts';
import { documentsKey } from './keys.ts';

export const cancelRequest = (requestId: number) =>
  api.post<{ request: SigningRequest; message: string }>(`/api/requests/${requestId}/cancel`);

/** POST /api/requests/{id}/cancel: every link dies, the document is pending again. */
export function useCancelRequest(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRequest,
    onSuccess: async (answer) => {
      queryClient.setQueryData(currentRequestKey(documentId), { request: answer.request });
      await queryClient.invalidateQueries({ queryKey: documentsKey });
    },
  });
}
