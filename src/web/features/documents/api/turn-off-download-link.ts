import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SigningRequest } from '#shared/requests/schemas.ts';
import { api } from '#web/lib/api.ts';
import { currentRequestKey } from './get-current-request.ts';

export const turnOffDownloadLink = (requestId: number) =>
  api.delete<{ request: SigningRequest; message: string }>(`/api/requests/${requestId}/download-link`);

/** DELETE /api/requests/{id}/download-link: recipients get no download link; mailed ones stop working. */
export function useTurnOffDownloadLink(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffDownloadLink,
    onSuccess: (answer) =>
      queryClient.setQueryData(currentRequestKey(documentId), { request: answer.request }),
  });
}
