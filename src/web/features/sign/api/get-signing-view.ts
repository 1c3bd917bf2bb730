import { useQuery } from '@tanstack/react-query';
import type { SigningAnswer } from '#shared/requests/schemas.ts';
import { api } from '#web/lib/api.ts';
import { signingViewKey } from './keys.ts';

export const getSigningView = (token: string, signal?: AbortSignal) =>
  api.get<SigningAnswer>(`/api/sign/${encodeURIComponent(token)}`, { signal });

/** GET /api/sign/{token}: 404 for any link that is not live (no telling which). */
export function useSigningView(token: string) {
  return useQuery({
    queryKey: signingViewKey(token),
    queryFn: ({ signal }) => getSigningView(token, signal),
    staleTime: 0,
  });
}
