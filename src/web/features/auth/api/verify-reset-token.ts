import { useQuery } from '@tanstack/react-query';
import { apiFetch, discardBody } from '#web/lib/api.ts';

/** GET /api/verify-reset-token: an OK status means the link is valid. */
export async function verifyResetToken(token: string, email: string, signal?: AbortSignal): Promise<boolean> {
  const response = await apiFetch('GET', '/api/verify-reset-token', { query: { token, email }, signal });
  discardBody(response);
  return response.ok;
}

export function useVerifyResetToken(token: string, email: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/verify-reset-token', { token, email }],
    queryFn: ({ signal }) => verifyResetToken(token, email, signal),
    enabled,
    gcTime: 0,
  });
}
