import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { api } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { signaturesQueryKey } from '#web/features/signatures/api/get-signatures.ts';
import { errorText } from '#web/features/signatures/lib/error-text.ts';

export const deleteSignature = (id: number) =>
  api.delete<{ message: string }>(`/api/signatures/${encodeURIComponent(id)}`);

export function useDeleteSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSignature,
    onSuccess: () => {
      toast({ title: m.deletedTitle, description: m.deleted, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: signaturesQueryKey });
    },
    onError: (error) =>
      toast({ title: m.errorTitle, description: errorText(error, m.deleteFailed), variant: 'destructive' }),
  });
}
