import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { api } from '#web/lib/api.ts';
import { currentQueryClient } from '#web/lib/query-registry.ts';
import { useAction } from '#web/lib/use-action.ts';

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
  return useAction({
    action: mutationFn,
    // The list is cached only once a page that shows it has loaded the query client.
    onSuccess: () => void currentQueryClient()?.invalidateQueries({ queryKey: ['/api/signatures'] }),
  });
}
