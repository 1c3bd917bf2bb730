import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SigningRequest } from '#shared/requests/schemas.ts';
import { api } from '#web/lib/api.ts';
import { currentRequestKey } from './get-current-request.ts';

export type RecipientMail = 'resend' | 'remind';

/** POST /api/requests/{id}/recipients/{rid}/resend (a new link, the old one dies) or …/remind. */
export const mailRecipient = (requestId: number, recipientId: number, how: RecipientMail) =>
  api.post<{ request: SigningRequest; message: string }>(
    `/api/requests/${requestId}/recipients/${recipientId}/${how}`,
  );

export function useMailRecipient(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { requestId: number; recipientId: number; how: RecipientMail }) =>
      mailRecipient(v.requestId, v.recipientId, v.how),
    onSuccess: (answer) =>
      queryClient.setQueryData(currentRequestKey(documentId), { request: answer.request }),
  });
}
