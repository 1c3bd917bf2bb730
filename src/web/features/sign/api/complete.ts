import { useMutation } from '@tanstack/react-query';
import type { CompleteInput, CompleteResponse } from '#shared/requests/schemas.ts';
import { api } from '#web/lib/api.ts';

export const complete = (token: string, body: CompleteInput) =>
  api.post<CompleteResponse>(`/api/sign/${encodeURIComponent(token)}/complete`, body);

/** POST /api/sign/{token}/complete: the recipient's values; the link is used afterwards. */
export const useComplete = (token: string) =>
  useMutation({ mutationFn: (body: CompleteInput) => complete(token, body) });
