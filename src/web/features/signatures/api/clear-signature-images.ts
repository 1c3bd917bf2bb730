import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { api } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { signaturesQueryKey } from '#web/features/signatures/api/get-signatures.ts';
import { errorText } from '#web/features/signatures/lib/error-text.ts';

export const clearSignatureImages = () =>
  api.patch<{ message: string; cleared: number }>('/api/signatures/clear-images');

/** The spec's success text is 'Title - Description' in one string. */
const [clearedTitle, clearedText] = m.imagesCleared.split(' - ');

export function useClearSignatureImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearSignatureImages,
    onSuccess: () => {
      toast({ title: clearedTitle ?? m.imagesCleared, description: clearedText, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: signaturesQueryKey });
    },
    onError: (error) =>
      toast({
        title: m.clearImagesErrorTitle,
        description: errorText(error, m.clearImagesErrorFallback),
        variant: 'destructive',
      }),
  });
}
