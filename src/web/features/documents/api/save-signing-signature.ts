import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { api } from '#web/lib/api.ts';
import { signaturesKey } from './list-signatures.ts';

export interface SigningSignatureInput {
  signatureData: string;
  isDefault: boolean;
}

/** POST /api/signatures from the signing panel: only the image and the default flag. */
export const saveSigningSignature = (input: SigningSignatureInput) =>
  api.post<OwnSignature>('/api/signatures', input);

export function useSaveSigningSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSigningSignature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signaturesKey }),
  });
}
