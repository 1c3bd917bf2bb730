import { useMutation } from '@tanstack/react-query';
import type { CodeSentResponse } from '#shared/requests/schemas.ts';
import { api } from '#web/lib/api.ts';

export const sendCode = (token: string) =>
  api.post<CodeSentResponse>(`/api/sign/${encodeURIComponent(token)}/code`);

/** POST /api/sign/{token}/code: mails a new 6-digit code; earlier ones stop working. */
export const useSendCode = (token: string) => useMutation({ mutationFn: () => sendCode(token) });
