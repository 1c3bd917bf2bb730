import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { api } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { signaturesQueryKey } from '#web/features/signatures/api/get-signatures.ts';
import { errorText } from '#web/features/signatures/lib/error-text.ts';

export const deleteAllSignatures = () => api.delete<{ message: string; deleted: number }>('/api/signatures');

export function useDeleteAllSignatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllSignatures,
    onSuccess: () => {
      toast({ title: m.deletedAll, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: signaturesQueryKey });
    },
    onError: (error) =>
      toast({
        title: m.deleteAllErrorTitle,
        description: errorText(error, m.deleteAllErrorFallback),
        variant: 'destructive',
      }),
  });
}
