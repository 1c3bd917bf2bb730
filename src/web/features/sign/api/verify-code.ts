import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { signingViewKey } from './keys.ts';

export const verifyCode = (token: string, code: string) =>
  api.post<{ message: string }>(`/api/sign/${encodeURIComponent(token)}/verify-code`, { code });

/** POST /api/sign/{token}/verify-code; once confirmed, the view (fields, file) is asked for again. */
export function useVerifyCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyCode(token, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingViewKey(token) }),
  });
}
