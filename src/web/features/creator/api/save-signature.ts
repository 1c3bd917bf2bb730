import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { api } from '#web/lib/api.ts';

/** The spec's payload; the server decides owner, expiry and registration itself. */
export interface SavePayload {
  signatureData: string;
  signerName: string;
  additionalData: string;
  qrCodeData: string;
  referenceNumber: string;
  isDefault: false;
  userId: number;
  isRegisteredUser: boolean;
  expiresAt: string | null;
  consent: true;
}

export const saveSignature = (payload: SavePayload) => api.post<OwnSignature>('/api/signatures', payload);

/** A save from the creator; success refreshes the signatures list. */
export function useSaveSignature<V>(mutationFn: (vars: V) => Promise<OwnSignature>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/signatures'] }),
  });
}
