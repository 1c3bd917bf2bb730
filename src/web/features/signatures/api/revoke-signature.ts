import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { api } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { signaturesQueryKey } from '#web/features/signatures/api/get-signatures.ts';
import { errorText } from '#web/features/signatures/lib/error-text.ts';

export const revokeSignature = (id: number) =>
  api.patch<{ message: string; revokedAt: string }>(`/api/signatures/${encodeURIComponent(id)}/revoke`);

export function useRevokeSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSignature,
    onSuccess: (result) => {
      toast({ title: m.revokedTitle, description: result.message, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: signaturesQueryKey });
    },
    onError: (error) =>
      toast({ title: m.errorTitle, description: errorText(error, m.revokeFailed), variant: 'destructive' }),
  });
}
