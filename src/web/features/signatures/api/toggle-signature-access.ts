import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { api } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { signaturesQueryKey } from '#web/features/signatures/api/get-signatures.ts';
import { errorText } from '#web/features/signatures/lib/error-text.ts';

export const toggleSignatureAccess = (id: number) =>
  api.patch<{ message: string; isPublic: boolean }>(
    `/api/signatures/${encodeURIComponent(id)}/toggle-access`,
  );

export function useToggleSignatureAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleSignatureAccess,
    onSuccess: (result, id) => {
      // Show the new state at once; the reload that follows confirms it.
      queryClient.setQueryData<OwnSignature[]>(signaturesQueryKey, (list) =>
        list?.map((s) => (s.id === id ? { ...s, isPublic: result.isPublic } : s)),
      );
      toast({ title: m.updatedTitle, description: result.message, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: signaturesQueryKey });
    },
    onError: (error) =>
      toast({ title: m.errorTitle, description: errorText(error, m.toggleFailed), variant: 'destructive' }),
  });
}
